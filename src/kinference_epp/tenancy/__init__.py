"""Tenants: who sends a request (API keys or a trusted header), how much they may send (token,
request and concurrency limits, reserved at admission and settled from the access log, in
process or shared through Redis), and what they used and cost (counters, daily roll-ups)."""
