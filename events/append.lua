-- Append a batch of envelopes to a game's stream, atomically.
-- KEYS[1] stream, KEYS[2] meta, KEYS[3] the idempotency key (used when ARGV[3] > 0), and on a single server
-- KEYS[4] notification stream, KEYS[5] the set of games waiting on a worker (score: since when).
-- On a Redis Cluster only the game's own keys are passed (one hash slot); the store then writes the
-- notification and the waiting mark itself, around the script.
-- ARGV[1] expected version, ARGV[2] new head hash, ARGV[3] idempotency TTL seconds (0: no key given),
-- ARGV[4] status after the append ("" keeps it), ARGV[5] game id,
-- ARGV[6] what the game waits on after the append ("chance", "ai" or ""), ARGV[7] the record kept under the
-- idempotency key (the request's fingerprint and its answer), ARGV[8..] envelopes (JSON).
-- A key already taken returns {"duplicate", record}: the caller compares fingerprints and replays.
local idem = tonumber(ARGV[3]) > 0
if idem then
  local seen = redis.call("GET", KEYS[3])
  if seen then return {"duplicate", seen} end
end
local version = tonumber(redis.call("HGET", KEYS[2], "version") or "0")
local expected = tonumber(ARGV[1])
if version ~= expected then return {"conflict", tostring(version)} end
local n = #ARGV - 7
for i = 1, n do
  redis.call("XADD", KEYS[1], tostring(expected + i) .. "-0", "e", ARGV[7 + i])
end
local new = expected + n
redis.call("HSET", KEYS[2], "version", new, "head", ARGV[2])
if ARGV[4] ~= "" then redis.call("HSET", KEYS[2], "status", ARGV[4]) end
if idem then redis.call("SET", KEYS[3], ARGV[7], "EX", tonumber(ARGV[3])) end
if #KEYS >= 5 then
  if ARGV[6] ~= "" then
    local t = redis.call("TIME")
    redis.call("ZADD", KEYS[5], tonumber(t[1]) + tonumber(t[2]) / 1e6, ARGV[5])
  else
    redis.call("ZREM", KEYS[5], ARGV[5])
  end
  redis.call("XADD", KEYS[4], "MAXLEN", "~", "100000", "*", "game", ARGV[5], "version", new)
end
return {"ok", tostring(new)}
