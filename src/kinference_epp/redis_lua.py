"""What every Lua script the picker runs in Redis starts with: the key prefix, Redis's clock.

The limit store's scripts (``tenancy.lua``) and the fair share exchange (``fairness.shared``)
both run atomically in Redis with Redis's own clock (``TIME``), so replicas whose clocks differ
still agree; each script's first argument is the deployment's key prefix ``P``. Effects are
replicated as commands (``redis.replicate_commands``: needed before Redis 5 for a script
that reads ``TIME`` and then writes).
"""

from __future__ import annotations

PRELUDE = """
if redis.replicate_commands then redis.replicate_commands() end
local P = ARGV[1]
local function now_s()
  local t = redis.call('TIME')
  return tonumber(t[1]) + tonumber(t[2]) / 1000000
end
local function fmt(x) return string.format('%.17g', x) end
"""
"""``P`` (the prefix, ``ARGV[1]``), ``now_s()`` (Redis's clock in seconds) and ``fmt(x)`` (a
number as a string that reads back to the same double)."""
