"""Runtime settings (flags, env, file) as pydantic models."""
