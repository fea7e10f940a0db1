"""Flow control: who is served next when the pool is saturated (priority bands, fair share)."""
