import type { Redis } from 'ioredis';
import { type AttemptKey, type AttemptStore, type Failed, PENDING_STALE_MS, type Reserved } from './secret-attempts';

/**
 * planReserve, planFail and planRelease of secret-attempts.ts, run inside Redis so each step is atomic
 * over all its keys. A counter is a hash: f (failures), p (pending), pa (pending since), ws (window
 * start), lu (locked until), times in ms of the app's clock. Keys expire with PEXPIRE relative to that
 * clock (Redis's own time may differ from it). ARGV: op, now, right, stale, then per key: maxFailures,
 * windowMs (-1: none), lockMs, clearOnSuccess.
 */
const SCRIPT = `
local op, now, right, stale = ARGV[1], tonumber(ARGV[2]), ARGV[3] == '1', tonumber(ARGV[4])
local n = #KEYS
local function arg(i, j) return tonumber(ARGV[4 + (i - 1) * 4 + j]) end
local states = {}
for i = 1, n do
  local v = redis.call('HMGET', KEYS[i], 'f', 'p', 'pa', 'ws', 'lu')
  if v[1] then states[i] = { f = tonumber(v[1]), p = tonumber(v[2]), pa = tonumber(v[3]), ws = tonumber(v[4]), lu = tonumber(v[5]) } end
end
local function locked(s) return s ~= nil and s.lu ~= nil and s.lu > now end
local function current(s, i)
  local window = arg(i, 2)
  if s == nil or s.lu ~= nil or (window >= 0 and s.ws + window <= now) then
    local p = 0
    if s ~= nil and not locked(s) and s.pa + stale > now then p = s.p end
    local pa = now
    if s ~= nil then pa = s.pa end
    return { f = 0, p = p, pa = pa, ws = now }
  end
  if s.pa + stale > now then return { f = s.f, p = s.p, pa = s.pa, ws = s.ws } end
  return { f = s.f, p = 0, pa = s.pa, ws = s.ws }
end
local function save(i, s)
  redis.call('HSET', KEYS[i], 'f', string.format('%.0f', s.f), 'p', string.format('%.0f', s.p),
    'pa', string.format('%.0f', s.pa), 'ws', string.format('%.0f', s.ws))
  if s.lu then redis.call('HSET', KEYS[i], 'lu', string.format('%.0f', s.lu)) else redis.call('HDEL', KEYS[i], 'lu') end
  local window, pendingEnd = arg(i, 2), 0
  if s.p > 0 then pendingEnd = s.pa + stale end
  local expires
  if s.lu then expires = math.max(s.lu, pendingEnd)
  elseif window < 0 then
    if s.f > 0 then expires = nil else expires = pendingEnd end
  else expires = math.max(s.ws + window, pendingEnd) end
  if expires then redis.call('PEXPIRE', KEYS[i], math.max(1, expires - now)) else redis.call('PERSIST', KEYS[i]) end
end
local untilMs = 0
if op == 'reserve' then
  for i = 1, n do
    if locked(states[i]) and states[i].lu > untilMs then untilMs = states[i].lu end
  end
  if untilMs > 0 then return { 'locked', string.format('%.0f', untilMs) } end
  local nexts = {}
  for i = 1, n do
    nexts[i] = current(states[i], i)
    if nexts[i].f + nexts[i].p >= arg(i, 1) and nexts[i].pa + stale > untilMs then untilMs = nexts[i].pa + stale end
  end
  if untilMs > 0 then return { 'busy', string.format('%.0f', untilMs) } end
  for i = 1, n do
    local s = nexts[i]
    s.p, s.pa = s.p + 1, now
    save(i, s)
  end
  return { 'reserved' }
elseif op == 'fail' then
  local remaining = nil
  for i = 1, n do
    if locked(states[i]) then
      if states[i].lu > untilMs then untilMs = states[i].lu end
    else
      local s = current(states[i], i)
      s.f, s.p = s.f + 1, math.max(0, s.p - 1)
      if s.f >= arg(i, 1) then
        s.lu = now + arg(i, 3)
        if s.lu > untilMs then untilMs = s.lu end
      end
      save(i, s)
      if remaining == nil or arg(i, 1) - s.f < remaining then remaining = arg(i, 1) - s.f end
    end
  end
  if untilMs > 0 then return { 'locked', string.format('%.0f', untilMs) } end
  return { 'remaining', remaining }
else
  for i = 1, n do
    local s = states[i]
    if right and arg(i, 4) == 1 then
      redis.call('DEL', KEYS[i])
    elseif s ~= nil and not locked(s) and s.p > 0 then
      s.p = s.p - 1
      save(i, s)
    end
  end
  return { 'ok' }
end
`;

export class RedisAttemptStore implements AttemptStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'wallet-secrets:',
  ) {}

  async reserve(keys: AttemptKey[], now: number): Promise<Reserved> {
    const reply = await this.run('reserve', keys, now, false);
    if (reply[0] === 'locked') return { lockedUntil: Number(reply[1]) };
    return reply[0] === 'busy' ? { busyUntil: Number(reply[1]) } : { reserved: true };
  }

  async fail(keys: AttemptKey[], now: number): Promise<Failed> {
    const reply = await this.run('fail', keys, now, false);
    return reply[0] === 'locked' ? { lockedUntil: Number(reply[1]) } : { remainingAttempts: Number(reply[1]) };
  }

  async release(keys: AttemptKey[], now: number, right: boolean) {
    await this.run('release', keys, now, right);
  }

  async clear(keys: AttemptKey[]) {
    if (keys.length > 0) await this.redis.del(...keys.map((key) => this.name(key)));
  }

  /** Redis forgets counters itself when they expire. */
  async prune() {
    return 0;
  }

  private name(key: AttemptKey) {
    return `${this.prefix}${key.kind}:${key.subject}`;
  }

  private async run(op: string, keys: AttemptKey[], now: number, right: boolean): Promise<Array<string | number>> {
    const args = keys.flatMap((key) => [key.rule.maxFailures, key.rule.windowMs ?? -1, key.rule.lockMs, key.clearOnSuccess ? 1 : 0]);
    const names = keys.map((key) => this.name(key));
    return (await this.redis.eval(SCRIPT, keys.length, ...names, op, now, right ? '1' : '0', PENDING_STALE_MS, ...args)) as Array<
      string | number
    >;
  }
}
