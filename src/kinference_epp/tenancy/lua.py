"""The Redis store's scripts: admission, settlement, adoption of a fallback's admissions, sweep
and the replicas' heartbeat.

Each runs atomically in Redis with Redis's clock (``TIME``), so replicas whose clocks differ
still agree on every bucket. The GCRA arithmetic is ``tenancy.gcra``'s, line for line; the
shared store suite holds both to the same answers.

Keys (``P`` is the configured prefix, tenants and bucket keys as ``tenancy.limits`` names them):

- ``P:b:<tenant>:<bucket>``: a bucket's theoretical arrival time (seconds, Redis time); absent
  when full, expiring once it would be full again.
- ``P:c:<tenant>:<scope>:concurrent``: requests running in a concurrency scope.
- ``P:r:<request id>``: a pending reservation, as the JSON array ``RedisStore`` writes
  (``[tenant, model, [[key, kind, capacity, window_s, amount]...], [[key, limit]...], prompt,
  output, ttl_s]``); any replica settles it from this alone.
- ``P:deadlines``: pending request ids scored by when the sweeper settles them.
- ``P:s:<request id>``: a request a replica's fallback decided (Redis did not answer in time,
  or was unreachable) and handed over here, kept an hour so that its own admission script,
  if it reaches Redis late, takes nothing; or a request settled here, kept two minutes so
  that a late hand-over of it takes nothing either.
- ``P:replicas``: replica ids scored by their last heartbeat (the fallback's divisor).

Settlement and sweep derive bucket keys from the stored reservation, so every key of a
deployment must live on one Redis (a single instance or a primary with replicas; Redis
Cluster is not supported).
"""

from __future__ import annotations

from kinference_epp.redis_lua import PRELUDE

_PRELUDE = (
    PRELUDE
    + """
local function bkey(tenant, key) return P .. ':b:' .. tenant .. ':' .. key end
local function ckey(tenant, key) return P .. ':c:' .. tenant .. ':' .. key end
local function rkey(id) return P .. ':r:' .. id end
local function skey(id) return P .. ':s:' .. id end
local DECIDED_TTL_S = 3600
local SETTLED_TTL_S = 120
local DEADLINES = P .. ':deadlines'
local function set_tat(k, tat, now)
  if tat > now then
    redis.call('SET', k, fmt(tat), 'PX', math.ceil((tat - now) * 1000) + 1000)
  else
    redis.call('DEL', k)
  end
end
local function used(kind, prompt, completion)
  if kind == 2 then return prompt + completion end
  if kind == 0 then return prompt end
  if kind == 1 then return completion end
  return 1
end
-- move each bucket by what was used minus what was taken; free the concurrency slots
local function correct(r, prompt, completion, now)
  local tenant = r[1]
  for _, b in ipairs(r[3]) do
    local cap = b[3]
    local delta = used(b[2], prompt, completion) - math.min(b[5], cap)
    if delta ~= 0 then
      local k = bkey(tenant, b[1])
      local tat = tonumber(redis.call('GET', k)) or now
      if tat < now then tat = now end
      set_tat(k, tat + delta / (cap / b[4]), now)
    end
  end
  for _, c in ipairs(r[4]) do
    local k = ckey(tenant, c[1])
    if redis.call('DECR', k) <= 0 then redis.call('DEL', k) end
  end
end
"""
)

ADMIT = (
    _PRELUDE
    + """
-- ARGV: prefix, request id, reservation JSON
-- returns {denied_by ('' when admitted), retry_after_s, {{allowed, remaining, reset_s,
--          retry_after_s} per bucket}}
local id, blob = ARGV[2], ARGV[3]
if redis.call('EXISTS', skey(id)) == 1 then
  return {'decided', '0', {}}  -- a fallback decided it and handed it over before this came
end
local r = cjson.decode(blob)
local tenant = r[1]
local now = now_s()
local denied, retry = '', 0
local takes, tats = {}, {}
for i, b in ipairs(r[3]) do
  local cap = b[3]
  local rate = cap / b[4]
  local n = math.min(b[5], cap)
  local tat = tonumber(redis.call('GET', bkey(tenant, b[1]))) or now
  local start = tat
  if start < now then start = now end
  local new = start + n / rate
  local burst = cap / rate
  if new - now > burst * (1 + 1e-9) then
    local ra = new - now - burst
    takes[i] = {0, fmt(math.max(0, cap - (start - now) * rate)), fmt(start - now), fmt(ra)}
    if ra >= retry then
      retry = ra
      if b[2] == 3 then denied = 'requests' else denied = 'tokens' end
    end
  else
    takes[i] = {1, fmt(math.max(0, cap - (new - now) * rate)), fmt(new - now), '0'}
    tats[i] = new
  end
end
if denied == '' then
  for _, c in ipairs(r[4]) do
    local running = tonumber(redis.call('GET', ckey(tenant, c[1]))) or 0
    if running >= math.max(1, c[2]) then
      denied, retry = 'concurrency', 1
      break
    end
  end
end
if denied == '' then
  for i, b in ipairs(r[3]) do set_tat(bkey(tenant, b[1]), tats[i], now) end
  for _, c in ipairs(r[4]) do redis.call('INCR', ckey(tenant, c[1])) end
  redis.call('SET', rkey(id), blob)
  redis.call('ZADD', DEADLINES, fmt(now + r[7]), id)
end
return {denied, fmt(retry), takes}
"""
)

SETTLE = (
    _PRELUDE
    + """
-- ARGV: prefix, request id, status, prompt tokens, completion tokens (-1: unknown),
--       'decided' when a fallback refused the request (its admission may still arrive),
--       'abandoned' when the response was cut before it ended (never refunded)
-- returns 1 when it closed a reservation, 0 when there was none (settled or swept already)
local id = ARGV[2]
if ARGV[6] == 'decided' then redis.call('SET', skey(id), '1', 'EX', DECIDED_TTL_S) end
local blob = redis.call('GET', rkey(id))
if not blob then return 0 end
local r = cjson.decode(blob)
local status, prompt, completion = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
if prompt < 0 and completion < 0 then
  if ARGV[7] ~= 'abandoned' and (status >= 400 or status == 0) then
    prompt, completion = 0, 0
  else
    prompt, completion = r[5], r[6]
  end
else
  if prompt < 0 then prompt = r[5] end
  if completion < 0 then completion = r[6] end
end
correct(r, prompt, completion, now_s())
redis.call('DEL', rkey(id))
redis.call('ZREM', DEADLINES, id)
-- settled: a fallback's late hand-over of the same request (its admission ran here after
-- all, and was settled first) must not take it again
redis.call('SET', skey(id), '1', 'EX', SETTLED_TTL_S)
return 1
"""
)

ADOPT = (
    _PRELUDE
    + """
-- ARGV: prefix, request id, reservation JSON (no concurrency slots: the fallback held them)
-- A request a replica's fallback admitted becomes a reservation here, so that whichever
-- replica its access-log record reaches settles it, and every replica's later admissions see
-- what it took: its amounts are taken from the buckets without a check (debt, if the
-- replicas' local shares together handed out more than was left). If its own admission
-- script ran here after all (a late answer), that reservation stands instead. Once per id.
-- returns 1 when it took the amounts, 0 when the request was here already
local id, blob = ARGV[2], ARGV[3]
if not redis.call('SET', skey(id), '1', 'NX', 'EX', DECIDED_TTL_S) then return 0 end
if redis.call('EXISTS', rkey(id)) == 1 then return 0 end
local r = cjson.decode(blob)
local now = now_s()
for _, b in ipairs(r[3]) do
  local k = bkey(r[1], b[1])
  local tat = tonumber(redis.call('GET', k)) or now
  if tat < now then tat = now end
  set_tat(k, tat + math.min(b[5], b[3]) / (b[3] / b[4]), now)
end
redis.call('SET', rkey(id), blob)
redis.call('ZADD', DEADLINES, fmt(now + r[7]), id)
return 1
"""
)

SWEEP = (
    _PRELUDE
    + """
-- ARGV: prefix, most reservations to settle in one call
-- returns {id, reservation JSON, id, reservation JSON, ...} of those it settled as reserved
local now = now_s()
local ids = redis.call('ZRANGEBYSCORE', DEADLINES, '-inf', fmt(now), 'LIMIT', 0, tonumber(ARGV[2]))
local out = {}
for _, id in ipairs(ids) do
  redis.call('ZREM', DEADLINES, id)
  local blob = redis.call('GET', rkey(id))
  if blob then
    local r = cjson.decode(blob)
    correct(r, r[5], r[6], now)
    redis.call('DEL', rkey(id))
    out[#out + 1] = id
    out[#out + 1] = blob
  end
end
return out
"""
)

HEARTBEAT = (
    _PRELUDE
    + """
-- ARGV: prefix, replica id, seconds after which a silent replica no longer counts
-- returns the replicas heard from within that time (this one included)
local now = now_s()
local k = P .. ':replicas'
redis.call('ZADD', k, fmt(now), ARGV[2])
redis.call('ZREMRANGEBYSCORE', k, '-inf', fmt(now - tonumber(ARGV[3])))
return redis.call('ZCARD', k)
"""
)
