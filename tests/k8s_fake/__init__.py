"""A fake Kubernetes API server and what the tests use with it; the picker itself never needs it.

``server`` speaks the list/watch protocol, ``objects`` builds the Pods, InferencePools and
Secrets tests put in it, and ``cluster`` connects the real kubernetes-asyncio client to it.
pytest's ``pythonpath`` setting puts ``tests/`` on the import path, so every test imports this
package as ``k8s_fake``.
"""
