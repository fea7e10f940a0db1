"""Kubernetes: pods of an InferencePool and InferencePolicy objects, watched and fed to the picker.

The picker uses ``k8s.source.KubernetesSource`` (built from ``k8s.config.KubernetesConfig``); the
layers beneath it are ``api`` (the I/O boundary), ``watch`` (list/watch and informers), ``pods``
(what a pod means for routing), ``pool`` and ``policies``. ``testing`` holds a list/watch API
server for tests and demos.

Nothing is imported here on purpose: ``config.model`` imports ``k8s.config``, and an eager
import of the watch machinery from this package would make that import circular.
"""
