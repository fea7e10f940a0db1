"""kinference-epp: an Envoy ext_proc endpoint picker for vLLM pools."""

__version__ = "0.1.0"
