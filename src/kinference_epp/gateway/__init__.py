"""The Envoy in front of the picker: its one configuration and the process that runs it.

``config.render_envoy_config`` is the only source of the Envoy bootstrap: the demo, the tests,
the benchmarks and the committed ``deploy/envoy/envoy.yaml`` (``python -m
kinference_epp.gateway.deploy``) all render it from ``EnvoyOptions``.
"""
