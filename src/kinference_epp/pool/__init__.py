"""Endpoint datastore, metrics scraping and per-endpoint load snapshots."""
