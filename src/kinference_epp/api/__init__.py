"""Request and response bodies: OpenAI, Anthropic, SSE, error bodies. Imports nothing else of the project."""
