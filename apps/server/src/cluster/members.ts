import type { Bus } from './bus.js';

/** The live nodes as Redis saw them in one beat: node id → its last beat, on Redis' clock (ms). */
export type MemberView = { now: number; live: Map<string, number> };

// One round trip, on Redis' own clock (no skew between the nodes' clocks): beat (unless leaving), forget
// nodes silent for ten lifetimes, and read the nodes that beat within one lifetime.
const BEAT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
if ARGV[1] ~= '' then redis.call('ZADD', KEYS[1], now, ARGV[1]) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - 10 * ttl)
local live = redis.call('ZRANGEBYSCORE', KEYS[1], now - ttl, '+inf', 'WITHSCORES')
table.insert(live, 1, tostring(now))
return live
`;

/**
 * Heartbeats of the cluster's nodes, in one sorted set (`<prefix>:nodes`, score = the last beat on
 * Redis' clock). A node is live while its last beat is younger than `ttlMs`; one that stops cleanly
 * leaves at once (`leave`), one that dies drops out after `ttlMs`.
 */
export class Members {
  private readonly key: string;

  constructor(
    private readonly bus: Bus,
    private readonly nodeId: string,
    private readonly ttlMs: number,
  ) {
    this.key = bus.channel('nodes');
  }

  /** Beats (unless `quiet`) and reads the live nodes; throws when Redis does not answer. */
  async beat(quiet = false): Promise<MemberView> {
    const reply = (await this.bus.pub.eval(BEAT, 1, this.key, quiet ? '' : this.nodeId, String(this.ttlMs))) as string[];
    const live = new Map<string, number>();
    for (let i = 1; i + 1 < reply.length; i += 2) live.set(reply[i]!, Number(reply[i + 1]));
    return { now: Number(reply[0]), live };
  }

  /** Leaves the set at once, so the others stop counting on this node before its next beat would lapse. */
  async leave(): Promise<void> {
    await this.bus.pub.zrem(this.key, this.nodeId);
  }
}
