"""``kinference-epp demo``: real Envoy, the picker and simulated vLLM pods on loopback.

The same stack (``stack.LocalStack``) serves the integration tests and the live benchmark.
"""
