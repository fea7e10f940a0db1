"""Routing-quality benchmark: the real scheduler against simulated vLLM pods on a virtual clock.

``harness`` (the discrete-event loop), ``workloads`` (YAML parameters → token-id
conversations), ``clients`` (open-loop Poisson, closed-loop concurrency), ``routing``
(the routers under test, wired as the picker wires them), ``report`` (rows, JSON,
Markdown, PNG) and ``cli`` (``kinference-epp bench``). See ``benchmarks/README.md``.
"""
