"""Prometheus metrics and structured logs. Owned objects, never module-level registries."""
