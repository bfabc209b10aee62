"""The Lua scripts of the store. Each touches keys of one Cluster slot only, except SETTLE, which only a
single server runs (`Store.commit` on a Cluster sends INDEX_REMOVE and DUE one by one instead).

Scripts that write take a *token* (random per call of the Python method) and store it, so that a call
replayed by the client after a lost reply (redis-py retries on connection errors and timeouts) is
recognised as the same call and answers as the first one did, instead of failing or applying twice.
A replayed CREATE or COMMIT still writes (the key's TTL again): a WAIT behind it on the same connection
(`storage.tables.Durability`) then waits for the replicas to have the table, whichever call wrote it.
"""

from __future__ import annotations

SEEN_KEEP = 8  # update ids a table remembers (a platform redelivers an update within seconds or minutes)

# KEYS: table hash.  ARGV: data, ttl, token, user...
CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('HGET', KEYS[1], 'commit') == ARGV[3] then
    redis.call('EXPIRE', KEYS[1], ARGV[2])  -- a write, so a WAIT behind the replay has it to wait for
    return 1
  end
  return 0
end
local users = table.concat(ARGV, '\\n', 4)
redis.call('HSET', KEYS[1], 'data', ARGV[1], 'version', 1, 'commit', ARGV[3], 'users', users)
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1
"""

# KEYS: table hash, its message ids' hash (`storage.messages`: the same slot; its TTL follows the table's).
# ARGV: expected, data, ttl, history bytes, token, closed (0/1), #moves, #added, #removed, codes, update,
# langs ('' unchanged), moves..., added..., removed...   Returns {-1} when the version differs, {-2} when
# the table is gone, {-3} when `update` (a platform's update id, '' for none) is among the table's recent
# ones (`seen`: it was applied already, by this worker or another), else {version} followed by the table's
# users when it was closed (so the caller can drop it from their indexes). A move starting with '#' starts a
# deal: the current deal becomes `before`. A deal longer than the history bytes loses its oldest entries.
# `codes` (the moves coded, `bot.core.movecode`) are appended to the field `game`, the whole running game's
# moves for its replay. `seen` keeps the last SEEN_KEEP update ids, space-separated. `langs`: each seated
# person's language, a line `<user key> <language>` each, read by `Store.begin` for a press (no read of
# their prefs).
COMMIT = """
local version = tonumber(redis.call('HGET', KEYS[1], 'version'))
if version == nil then return {-2} end
local expected = tonumber(ARGV[1])
local update = ARGV[11]
local function split(s)
  local out = {}
  for item in string.gmatch(s or '', '[^\\n]+') do out[#out + 1] = item end
  return out
end
local function users()
  if ARGV[6] == '1' then return split(redis.call('HGET', KEYS[1], 'users')) end
  return {}
end
local function recent()
  local out = {}
  for item in string.gmatch(redis.call('HGET', KEYS[1], 'seen') or '', '%S+') do out[#out + 1] = item end
  return out
end
local function applied()
  if update == '' then return false end
  for _, item in ipairs(recent()) do if item == update then return true end end
  return false
end
if version ~= expected then
  if version == expected + 1 and redis.call('HGET', KEYS[1], 'commit') == ARGV[5] then
    redis.call('EXPIRE', KEYS[1], ARGV[3])  -- a write, so a WAIT behind the replay has it to wait for
    redis.call('EXPIRE', KEYS[2], ARGV[3])
    return {version, unpack(users())}
  end
  if applied() then return {-3} end
  return {-1}
end
if applied() then return {-3} end
version = expected + 1
redis.call('HSET', KEYS[1], 'data', ARGV[2], 'version', version, 'commit', ARGV[5])
if update ~= '' then
  local kept = recent()
  kept[#kept + 1] = update
  while #kept > SEEN_KEEP do table.remove(kept, 1) end
  redis.call('HSET', KEYS[1], 'seen', table.concat(kept, ' '))
end
local n_moves, n_added, n_removed = tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9])
if ARGV[10] ~= '' then
  redis.call('HSET', KEYS[1], 'game', (redis.call('HGET', KEYS[1], 'game') or '') .. ARGV[10])
end
if ARGV[12] ~= '' then redis.call('HSET', KEYS[1], 'langs', ARGV[12]) end
local i = 13
if n_moves > 0 then
  local moves = redis.call('HGET', KEYS[1], 'moves') or ''
  for _ = 1, n_moves do
    if string.byte(ARGV[i], 1) == 35 then
      if moves ~= '' then redis.call('HSET', KEYS[1], 'before', moves) end
      moves = ARGV[i]
    elseif moves == '' then
      moves = ARGV[i]
    else
      moves = moves .. '\\n' .. ARGV[i]
    end
    i = i + 1
  end
  local limit = tonumber(ARGV[4])
  if #moves > limit then
    local cut = string.find(moves, '\\n', #moves - limit + 1, true)
    moves = cut and string.sub(moves, cut + 1) or ''
  end
  redis.call('HSET', KEYS[1], 'moves', moves)
end
if n_added + n_removed > 0 then
  local present, kept = {}, {}
  for _ = 1, n_added do present[#present + 1] = ARGV[i]; i = i + 1 end
  local gone = {}
  for _ = 1, n_removed do gone[ARGV[i]] = true; i = i + 1 end
  local seen = {}
  for _, u in ipairs(split(redis.call('HGET', KEYS[1], 'users'))) do
    if not gone[u] and not seen[u] then kept[#kept + 1] = u; seen[u] = true end
  end
  for _, u in ipairs(present) do
    if not gone[u] and not seen[u] then kept[#kept + 1] = u; seen[u] = true end
  end
  redis.call('HSET', KEYS[1], 'users', table.concat(kept, '\\n'))
end
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return {version, unpack(users())}
""".replace("SEEN_KEEP", str(SEEN_KEEP))

# Drop a member from a chat/user index unless a newer commit (higher score = version) added it again.
# KEYS: index zset.  ARGV: member, version.
INDEX_REMOVE = """
local score = tonumber(redis.call('ZSCORE', KEYS[1], ARGV[1]))
if score ~= nil and score <= tonumber(ARGV[2]) then return redis.call('ZREM', KEYS[1], ARGV[1]) end
return 0
"""

# Set (at ~= '') or clear the deadline of a table, unless a newer version already did. A cleared
# deadline keeps its version (a tombstone) so that a late write of an older version cannot revive it;
# only closing (forget = '1', final) drops the version too.
# KEYS: due zset, versions hash.  ARGV: table id, version, at, forget.
DUE = """
local seen = tonumber(redis.call('HGET', KEYS[2], ARGV[1]))
if seen ~= nil and seen > tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
end
if ARGV[4] == '1' then
  redis.call('HDEL', KEYS[2], ARGV[1])
else
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
end
return 1
"""

# The hints a commit settles after its compare-and-set, sent in the same pipeline right behind it (one
# round trip on a single server): if the table is at the commit's version *with the commit's token* (this
# commit won the compare-and-set and nothing came after it yet), the versioned index removals (as
# INDEX_REMOVE) and the deadline (as DUE, never forgetting: closing takes the two-round-trip path).
# Otherwise nothing: a lost compare-and-set must not touch the hints, and a newer commit settles its own
# (a skipped removal leaves only an extra hint). KEYS: table hash, due zset, due versions, index zsets...
# ARGV: table id, version, token, at ('' clears the deadline).  Returns 1 when it settled, else 0.
SETTLE = """
local version = tonumber(ARGV[2])
if tonumber(redis.call('HGET', KEYS[1], 'version')) ~= version then return 0 end
if redis.call('HGET', KEYS[1], 'commit') ~= ARGV[3] then return 0 end
for i = 4, #KEYS do
  local score = tonumber(redis.call('ZSCORE', KEYS[i], ARGV[1]))
  if score ~= nil and score <= version then redis.call('ZREM', KEYS[i], ARGV[1]) end
end
local seen = tonumber(redis.call('HGET', KEYS[3], ARGV[1]))
if seen ~= nil and seen > version then return 1 end
if ARGV[4] == '' then
  redis.call('ZREM', KEYS[2], ARGV[1])
else
  redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
end
redis.call('HSET', KEYS[3], ARGV[1], ARGV[2])
return 1
"""

# Claim due tables: the earliest `limit` whose time is <= now move to `until` (the claim's lease) in
# the same step, so no other worker sees them as due until the lease runs out. The worker's commit then
# writes the table's exact next deadline (DUE); a worker that dies leaves the lease to expire, and the
# table is due again for everybody. KEYS: due zset.  ARGV: now, until, limit.
CLAIM_DUE = """
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, id in ipairs(ids) do
  redis.call('ZADD', KEYS[1], 'XX', ARGV[2], id)
end
return ids
"""

# SET NX that answers "yes" again to the same token (a replayed call), "no" to anybody else.
# KEYS: key.  ARGV: token, ttl in ms.
TAKE = """
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then return 1 end
return 0
"""

# Delete a key only if it still holds our token (a lease that expired may belong to another worker).
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

# New table ids: a counter that starts at a random value, so that the ids of an embedded store that
# forgot everything in a restart do not collide with buttons of tables from before the restart.
# KEYS: counter.  ARGV: start.
NEXT_ID = """
if redis.call('EXISTS', KEYS[1]) == 0 then redis.call('SET', KEYS[1], ARGV[1]) end
return redis.call('INCR', KEYS[1])
"""
