"""Simulated vLLM pods: engine core, paged KV cache, KV events, OpenAI HTTP server.

Import from the submodules: ``engine`` (the synchronous core for the benchmark
harness), ``runner`` (start pods and get their addresses), ``events``/``publisher``
(vLLM's KV-event wire format).
"""
