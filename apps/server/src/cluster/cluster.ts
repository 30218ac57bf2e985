import type { HealthReply } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { optionOrders } from '../db/schema.js';
import type { RelayedFeedEvent } from '../market/market-service.js';
import { openOrders } from '../modules/options/repo.js';
import { startProofJob } from '../modules/proof/job.js';
import { startUnlockJob } from '../modules/subscription/unlock.js';
import { within } from './bounded.js';
import { Bus } from './bus.js';
import { CONTRACTS_TARGET, routeContracts } from './contracts.js';
import { engineHandler, engineTarget, spotRouter } from './engines.js';
import { LOCK_CLASS, type LockKey, LockSession, lockName } from './locks.js';
import { Members, type MemberView } from './members.js';
import { nodeIdOf } from './node.js';
import { ranking } from './rendezvous.js';
import { Rpc } from './rpc.js';

export type ClusterTuning = {
  /** How often locks are checked and free ones tried (ms). */
  pollMs: number;
  /** A node that has just taken a lock waits this long before acting, so a fenced owner has stopped (ms). */
  fenceMs: number;
  /** Forwarded commands wait this long for the owner (ms). */
  forwardTimeoutMs: number;
  /** The leader re-reads the open options from the database this often, for purchases it missed (ms). */
  optionsResyncMs: number;
  /**
   * A lock round waits this long for any step that is not a lock query (stopping lost work, reading the
   * pairs) and then goes on without it (ms). Lock queries have their own bound (LockSession).
   */
  stepMs: number;
  /** A book being built for an engine just taken gets this long; then the lock is given back (ms). */
  openMs: number;
  /** A node shutting down waits this long for its leader work to stop before giving the lock up (ms). */
  handoverMs: number;
  /** A node whose last heartbeat is older than this is no longer counted as live (ms). */
  heartbeatTtlMs: number;
  /**
   * A free pair is taken at once by its desired owner and by the runner-up of its ranking (a desired owner
   * that died still counts as live until its heartbeat lapses); the next one waits until it has been
   * free this long, the one after twice as long, … A pair just handed over (announced on the bus) is left
   * to its desired owner: the runner-up waits 3 × `graceMs`, the next 4 ×, and so on (ms).
   */
  graceMs: number;
  /** A node draining for shutdown waits this long for its requests in flight before handing over (ms). */
  drainMs: number;
};

export type ClusterOptions = {
  app: FastifyInstance;
  /** Run the once-per-cluster workers (feed, settlements, jobs) on the leader: the process entry does. */
  startWorkers: boolean;
  tuning?: Partial<ClusterTuning>;
};

const leaderKey: LockKey = { cls: LOCK_CLASS.leader, id: 0 };
const engineKey = (pairId: number): LockKey => ({ cls: LOCK_CLASS.engine, id: pairId });
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** `since`: when this node took the engine, on Redis' clock (0 without a heartbeat then). */
type Engine = { state: 'opening' | 'open'; since: number; stopServe?: () => Promise<void> };
type Stop = () => Promise<void> | void;

/**
 * One node of a cluster (DATABASE_URL and REDIS_URL both set): beats in the cluster's heartbeat set, runs
 * the spot engines rendezvous hashing gives it over the live nodes (each fenced by its engine lock),
 * forwards orders of the others to their owner, and — while it holds the leader lock — runs the
 * cluster's once-only work. On shutdown it drains and hands everything over. See README.md here.
 */
export class Cluster {
  readonly nodeId: string;
  readonly bus: Bus;
  readonly rpc: Rpc;
  readonly locks: LockSession;
  readonly members: Members;
  private readonly tuning: ClusterTuning;
  /** The live nodes at the last heartbeat (undefined while Redis does not answer). */
  private view: MemberView | undefined;
  /** When this node first saw each pair without an owner (its clock). */
  private readonly freeSince = new Map<number, number>();
  /** Pairs another node has just handed over cleanly (book closed, then unlocked), with when it said so. */
  private readonly handedOver = new Map<number, number>();
  /** Set when the shutdown starts: requests are refused, nothing is taken, everything is handed over. */
  private draining: Promise<void> | undefined;
  /** HTTP requests this node is still answering. */
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];
  /** A message asked for a round while one was running: the next one starts at once. */
  private again = false;
  private readonly engines = new Map<number, Engine>();
  private leader: 'no' | 'starting' | 'active' = 'no';
  private leaderStops: Stop[] = [];
  /** The lost leader work still stopping (after a round stopped waiting for it): no leading until it ends. */
  private leaderTeardown: Promise<void> | undefined;
  /** Books being built, by pair: a pair is not taken again until its last build has settled. */
  private readonly builds = new Map<number, Promise<void>>();
  private offs: Stop[] = [];
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private polls = 0;
  private promotions = 0;
  private dbUp = true;
  private stopped = false;

  constructor(private readonly options: ClusterOptions) {
    const { config, log } = options.app;
    this.nodeId = nodeIdOf(config);
    this.tuning = {
      pollMs: 1_000,
      fenceMs: 1_500,
      forwardTimeoutMs: config.forwardTimeoutMs,
      optionsResyncMs: 10_000,
      stepMs: 3_000,
      openMs: 15_000,
      handoverMs: 10_000,
      heartbeatTtlMs: 3 * (options.tuning?.pollMs ?? 1_000),
      graceMs: options.tuning?.pollMs ?? 1_000,
      drainMs: 5_000,
      ...options.tuning,
    };
    this.bus = new Bus(config.redisUrl!, config.redisPrefix, log);
    this.rpc = new Rpc(this.bus, this.nodeId, this.tuning.forwardTimeoutMs, log);
    this.locks = new LockSession(config.databaseUrl!, log);
    this.members = new Members(this.bus, this.nodeId, this.tuning.heartbeatTtlMs);
  }

  /** True once the node has started shutting down: new requests get a retryable refusal. */
  get leaving(): boolean {
    return this.draining !== undefined;
  }

  /** Counts a request in flight until `done` is called (the drain waits for them). */
  track(): () => void {
    this.inFlight++;
    let counted = true;
    return () => {
      if (!counted) return;
      counted = false;
      if (--this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    };
  }

  get leading(): boolean {
    return this.leader === 'active';
  }

  owns(pairId: number): boolean {
    return this.engines.get(pairId)?.state === 'open';
  }

  health(): HealthReply {
    const { market } = this.options.app;
    const engines = [...this.engines]
      .filter(([, e]) => e.state === 'open')
      .map(([id]) => market.getPair(id)?.symbol ?? String(id));
    return {
      node: this.nodeId,
      leader: this.leading,
      engines: engines.sort(),
      redis: this.bus.status,
      database: this.dbUp ? 'up' : 'down',
      cluster: true,
    };
  }

  /** Wires the services (before any request is served) and starts polling the locks. */
  async start(): Promise<void> {
    const { app } = this.options;
    app.spot.route(spotRouter(this.rpc, (pairId) => this.owns(pairId)));
    const contracts = routeContracts(app, this.rpc, () => this.leading);
    // Options bought on a follower: the leader's settler must know them.
    const settler = app.optionsProduct.settler;
    const add = settler.add.bind(settler);
    settler.add = (order) => {
      add(order);
      if (!this.leading) void this.bus.publish('options:opened', { id: order.id }).catch(() => {});
    };
    // Operators' changes of pairs' rules reach the node running each book.
    const reload = app.spot.reloadPairRules.bind(app.spot);
    app.spot.reloadPairRules = async () => {
      await reload();
      await this.bus.publish('pairs:reload', { from: this.nodeId }).catch(() => {});
    };
    // Subscriptions wait for Redis; a node started while Redis is down serves its own clients meanwhile.
    const listen = async (subscribe: Promise<Stop>) => this.offs.push(await subscribe);
    const wiring = (async () => {
      await this.rpc.start();
      await listen(this.rpc.serve(CONTRACTS_TARGET, contracts));
      // Market events of the leader's feed, applied by every other node; purchases and rule changes.
      await listen(
        this.bus.subscribe('market', (event) => {
          if (this.leader === 'no') app.market.applyRelayed(event as RelayedFeedEvent);
        }),
      );
      await listen(
        this.bus.subscribe('options:opened', (message) => {
          if (this.leading) void this.trackOption((message as { id: number }).id);
        }),
      );
      // Another node handed a pair over, left, or gave up leading: a round now rather than at the next poll.
      await listen(
        this.bus.subscribe('engines:free', (message) => {
          const { pairId, from } = message as { pairId?: number; from?: string };
          if (from === this.nodeId) return;
          if (typeof pairId === 'number') this.handedOver.set(pairId, Date.now());
          this.roundNow();
        }),
      );
      await listen(
        this.bus.subscribe('nodes:changed', (message) => {
          if ((message as { from?: string }).from !== this.nodeId) this.roundNow();
        }),
      );
      await listen(
        this.bus.subscribe('pairs:reload', (message) => {
          if ((message as { from?: string }).from !== this.nodeId) void reload().catch(() => {});
        }),
      );
    })().catch((error) => app.log.error({ err: error }, 'cluster subscriptions failed'));
    // Up to two seconds for Redis; a node started while Redis is down goes on without waiting.
    await Promise.race([wiring, sleep(2_000)]);
    await app.market.follow().catch((error) => app.log.warn({ err: error }, 'market state not loaded'));
    void this.poll();
    app.log.info({ node: this.nodeId }, 'cluster node started');
  }

  /**
   * What a dying process does to the cluster: the lock connection drops at once (PostgreSQL frees the
   * locks), polling ends, and this node's engines and leader work stop without any hand-over. Tests use
   * it to simulate a crash; `stop()` afterwards closes the rest.
   */
  halt(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.locks.drop();
    void this.fenceAll();
  }

  /**
   * The first half of a clean shutdown (SIGTERM): new requests are refused (retryable), the node leaves
   * the heartbeat set and says so, its requests in flight finish (at most `drainMs`), then each engine's
   * queue is run and committed, its book closed and its lock released, and the pair announced free so
   * its next owner takes it at once; the leader work stops and the leader lock goes last. Idempotent.
   */
  drain(): Promise<void> {
    this.draining ??= (async () => {
      const { log } = this.options.app;
      log.info({ node: this.nodeId }, 'cluster node draining');
      await within(this.members.leave(), this.tuning.stepMs, 'leaving the heartbeat set').catch(() => {});
      await this.bus.publish('nodes:changed', { from: this.nodeId }).catch(() => {});
      await this.idle(this.tuning.drainMs);
      this.stopped = true;
      clearTimeout(this.timer);
      await this.polling;
      await Promise.allSettled([...this.engines.keys()].map((pairId) => this.handOver(pairId)));
      const led = this.leader !== 'no';
      await this.demote('handover');
      if (led) await this.bus.publish('engines:free', { from: this.nodeId }).catch(() => {});
      log.info({ node: this.nodeId }, 'cluster node drained');
    })();
    return this.draining;
  }

  /** Resolves once no request is in flight, or after `ms`. */
  private idle(ms: number): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async stop(): Promise<void> {
    await this.drain();
    for (const off of this.offs.splice(0)) await off();
    await this.locks.close();
    await this.rpc.close();
    await this.bus.close();
  }

  /**
   * One round: fence what was lost, then try what is free. Never overlaps itself; each round, failed or
   * not, schedules the next. Every wait in a round is bounded (lock queries by LockSession, the rest by
   * `stepMs`), so a round always ends — a database that went away and came back is found again.
   */
  private poll(): Promise<void> {
    if (this.polling || this.stopped) return this.polling ?? Promise.resolve();
    this.polling = this.round()
      .catch((error) => this.options.app.log.warn({ err: error }, 'cluster lock round failed'))
      .finally(() => {
        this.polling = undefined;
        if (this.stopped) return;
        const now = this.again;
        this.again = false;
        this.timer = setTimeout(() => void this.poll(), now ? 0 : this.tuning.pollMs);
        this.timer.unref();
      });
    return this.polling;
  }

  /** A round as soon as possible: now if none runs, else right after the running one. */
  private roundNow(): void {
    if (this.stopped || this.leaving) return;
    if (this.polling) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    void this.poll();
  }

  private async round(): Promise<void> {
    const { app } = this.options;
    let held: Set<string>;
    try {
      held = await this.locks.verify();
    } catch (error) {
      // The lock connection is gone, and with it every lock: stop acting as owner at once.
      if (this.dbUp) app.log.error({ err: error }, 'cluster lock connection lost: fencing');
      this.dbUp = false;
      await this.fenceAll();
      return;
    }
    if (!this.dbUp) app.log.warn({ node: this.nodeId }, 'cluster lock connection back');
    this.dbUp = true;
    // The heartbeat, and who is live. Without Redis the node keeps what it runs and takes free pairs as
    // before the nodes knew of each other (first come); it hands nothing over until it sees the others.
    this.view = await within(this.members.beat(this.leaving), this.tuning.stepMs, 'the heartbeat').catch((error) => {
      if (this.view) app.log.warn({ err: error }, 'cluster heartbeat failed');
      return undefined;
    });
    // A lock missing from a live session (a new one after a drop holds none) is lost like the connection.
    for (const pairId of [...this.engines.keys()])
      if (!held.has(lockName(engineKey(pairId)))) await this.releaseEngine(pairId, false);
    if (this.leader !== 'no' && !held.has(lockName(leaderKey))) await this.demote('fenced');
    if (this.stopped) return;
    if (this.leader === 'no' && !this.leaderTeardown && !this.leaving && (await this.locks.tryLock(leaderKey)))
      void this.promote();
    // Every tenth round, or until a first read succeeds, the pairs are read again (listings, rules).
    if (this.polls++ % 10 === 0 || app.market.listPairs().length === 0)
      await within(app.market.loadPairs(), this.tuning.stepMs, 'reading the pairs');
    const view = this.view;
    // Engines another live node should run, once it has beaten since this node took them (a desired
    // owner that died before never beats again: its pairs stay here until its heartbeat lapses).
    if (view)
      for (const [pairId, engine] of [...this.engines]) {
        if (this.stopped || this.leaving) return;
        if (engine.state !== 'open') continue;
        const desired = ranking(pairId, view.live.keys())[0];
        const beat = desired === undefined ? undefined : view.live.get(desired);
        if (desired !== this.nodeId && beat !== undefined && beat > engine.since) await this.handOver(pairId);
      }
    // Free pairs: the desired owner takes one at once, the runner-up after `graceMs`, and so on.
    const taken = await this.locks.taken(LOCK_CLASS.engine);
    const now = Date.now();
    for (const pair of app.market.listPairs()) {
      if (this.stopped || this.leaving) return;
      if (this.engines.has(pair.id) || this.builds.has(pair.id)) continue;
      if (taken.has(pair.id)) {
        this.freeSince.delete(pair.id);
        // A hand-over announced earlier has been taken up: if this pair is free again later, its owner
        // died or lost its connection, and the runner-up must take it at once, not wait as after a hand-over.
        this.handedOver.delete(pair.id);
        continue;
      }
      const first = this.freeSince.get(pair.id) ?? now;
      this.freeSince.set(pair.id, first);
      const rank = view ? Math.max(0, ranking(pair.id, [...view.live.keys(), this.nodeId]).indexOf(this.nodeId)) : 0;
      // A pair free without a word from its owner (it died, or lost its connection) is taken by the
      // runner-up at once: its desired owner may be dead while its heartbeat has not lapsed yet. One
      // just handed over goes to its desired owner, which heard of it: the others leave it a while.
      const announced = (this.handedOver.get(pair.id) ?? 0) > now - 6 * this.tuning.graceMs;
      const wait = rank === 0 ? 0 : announced ? rank + 2 : rank - 1;
      if (now - first < wait * this.tuning.graceMs) continue;
      if (await this.locks.tryLock(engineKey(pair.id))) {
        this.freeSince.delete(pair.id);
        void this.acquireEngine(pair.id, view?.now ?? 0);
      }
    }
  }

  /**
   * Gives an engine up cleanly to its next owner: its queued commands run and commit, the book closes,
   * the lock goes, and the others hear of it so the next owner takes it at once (without a fencing wait).
   */
  private async handOver(pairId: number): Promise<void> {
    const { app } = this.options;
    app.log.info({ node: this.nodeId, pair: app.market.getPair(pairId)?.symbol }, 'spot engine handed over');
    await this.releaseEngine(pairId);
    // This node too leaves the pair to its desired owner for a while (else, as its runner-up, it would
    // take it straight back at its next round).
    this.handedOver.set(pairId, Date.now());
    await this.bus.publish('engines:free', { pairId, from: this.nodeId }).catch(() => {});
  }

  /** Everything this node owned stops at once; the round waits for the stopping at most `stepMs`. */
  private async fenceAll(): Promise<void> {
    await Promise.allSettled([...this.engines.keys()].map((pairId) => this.releaseEngine(pairId, false)));
    await this.demote('fenced');
  }

  private async acquireEngine(pairId: number, since: number): Promise<void> {
    const { app } = this.options;
    const engine: Engine = { state: 'opening', since };
    this.engines.set(pairId, engine);
    // Handed over cleanly (its last owner closed the book before unlocking): nothing to wait for. Else a
    // fenced owner may still be stopping.
    const handed = (this.handedOver.get(pairId) ?? 0) > Date.now() - 5_000;
    this.handedOver.delete(pairId);
    if (!handed) await sleep(this.tuning.fenceMs);
    if (this.engines.get(pairId) !== engine) return;
    const build = app.spot.openEngine(pairId);
    this.builds.set(pairId, build);
    const settled = () => {
      if (this.builds.get(pairId) === build) this.builds.delete(pairId);
      // Built after this node gave the engine up (fenced, or the build took too long): that book must
      // not stay behind. No other build of the pair can have started meanwhile (see `builds`).
      if (this.engines.get(pairId) !== engine && !this.engines.has(pairId))
        void app.spot
          .closeEngine(pairId)
          .catch((error) => app.log.warn({ err: error, pairId }, 'closing a given-up spot book failed'));
    };
    build.then(settled, settled);
    try {
      await within(build, this.tuning.openMs, 'building the spot book');
    } catch (error) {
      app.log.error({ err: error, pairId }, 'spot engine failed to open');
      if (this.engines.get(pairId) === engine) {
        this.engines.delete(pairId);
        await this.locks.unlock(engineKey(pairId));
      }
      return;
    }
    if (this.engines.get(pairId) !== engine) return;
    engine.state = 'open';
    const stop = await this.rpc.serve(
      engineTarget(pairId),
      engineHandler(app, pairId, (id) => this.owns(id)),
    );
    if (this.engines.get(pairId) === engine) engine.stopServe = stop;
    else await stop();
    app.log.info({ node: this.nodeId, pair: app.market.getPair(pairId)?.symbol }, 'spot engine owned');
  }

  private async releaseEngine(pairId: number, unlock = true): Promise<void> {
    const { app } = this.options;
    const engine = this.engines.get(pairId);
    if (!engine) return;
    this.engines.delete(pairId);
    // The handler refuses what still arrives (owns() is false now); unsubscribing needs Redis.
    if (engine.stopServe) await within(engine.stopServe(), this.tuning.stepMs, 'leaving the engine channel').catch(() => {});
    if (unlock) {
      // Handing over (shutting down): queued commands finish first, then the lock goes. A batch stuck on
      // the database cannot commit once the next owner has built the book (spot_markets.owner_epoch).
      await within(app.spot.closeEngine(pairId), this.tuning.handoverMs, 'closing the spot book').catch((error) =>
        app.log.warn({ err: error, pairId }, 'closing a spot book failed'),
      );
      await this.locks.unlock(engineKey(pairId));
    } else {
      // Fencing (the lock is already gone): do not wait for a batch stuck on an unreachable database.
      // It can no longer commit once another node has built the book (spot_markets.owner_epoch).
      void this.options.app.spot
        .closeEngine(pairId)
        .catch((error) => this.options.app.log.warn({ err: error, pairId }, 'closing a fenced spot book failed'));
    }
    this.options.app.log.warn({ node: this.nodeId, pairId }, 'spot engine released');
  }

  /** Starts the once-only work after the fencing wait; a node that loses the lock meanwhile does not. */
  private async promote(): Promise<void> {
    const { app } = this.options;
    this.leader = 'starting';
    // A promotion lost (fenced) and taken again while it waited must not start on the first wait.
    const ticket = ++this.promotions;
    await sleep(this.tuning.fenceMs);
    if (this.leader !== 'starting' || this.promotions !== ticket || this.stopped || this.leaving) return;
    this.leader = 'active';
    const stops: Stop[] = [];
    this.leaderStops = stops;
    app.market.unfollow();
    app.market.relayTo((event) => void this.bus.publish('market', event).catch(() => {}));
    stops.push(async () => {
      app.market.relayTo(undefined);
      await app.market.stop();
      if (!this.stopped) await app.market.follow().catch(() => {});
    });
    void app.contracts.ready().catch((error) => app.log.error({ err: error }, 'contracts failed to load'));
    stops.push(() => app.contracts.release());
    if (this.options.startWorkers) {
      const { config } = app;
      void app.market.start();
      app.indexSamples.start();
      stops.push(() => app.indexSamples.stop());
      void app.optionsProduct.start().catch((error) => app.log.error({ err: error }, 'option settlement failed to start'));
      stops.push(() => app.optionsProduct.stop());
      const resync = setInterval(() => void this.resyncOptions(), this.tuning.optionsResyncMs);
      resync.unref();
      stops.push(() => clearInterval(resync));
      app.rebates.start();
      stops.push(() => app.rebates.stop());
      app.wealth.start(undefined, (error) => app.log.error(error, 'wealth accrual'));
      stops.push(() => app.wealth.stop());
      const unlock = startUnlockJob(app.db, app.log);
      stops.push(() => unlock.stop());
      if (config.proofJobEnabled) {
        const proof = startProofJob(app.db, app.log);
        stops.push(() => proof.stop());
      }
    }
    app.log.info({ node: this.nodeId }, 'cluster leader');
  }

  /**
   * Stops leading at once (`leading` is false before anything is awaited). `fenced`: the lock is already
   * gone with the connection; the leader work stops in the background — the round waits `stepMs` for it
   * — and this node does not take the lock again until it has stopped. `handover` (shutdown): waits for
   * the work to stop (at most `handoverMs`), then gives the lock up.
   */
  private async demote(how: 'fenced' | 'handover'): Promise<void> {
    const { log } = this.options.app;
    if (this.leader !== 'no') {
      const was = this.leader;
      this.leader = 'no';
      const stops = this.leaderStops.splice(0).reverse();
      const teardown = (async () => {
        for (const stop of stops) {
          try {
            await stop();
          } catch (error) {
            log.warn({ err: error }, 'stopping leader work failed');
          }
        }
      })();
      this.leaderTeardown = teardown;
      void teardown.then(() => {
        if (this.leaderTeardown === teardown) this.leaderTeardown = undefined;
      });
      if (was === 'active') log.warn({ node: this.nodeId }, 'cluster leadership released');
    } else if (how === 'fenced' || !this.leaderTeardown) {
      return;
    }
    const teardown = this.leaderTeardown;
    if (teardown) {
      const ms = how === 'fenced' ? this.tuning.stepMs : this.tuning.handoverMs;
      await within(teardown, ms, "stopping the leader's work").catch((error) =>
        log.warn({ err: error }, 'leader work still stopping: this node leads again only once it has stopped'),
      );
    }
    if (how === 'handover') await this.locks.unlock(leaderKey);
  }

  private async trackOption(id: number): Promise<void> {
    const { app } = this.options;
    const [order] = await app.db
      .select()
      .from(optionOrders)
      .where(and(eq(optionOrders.id, id), eq(optionOrders.status, 'open')))
      .limit(1);
    if (order) app.optionsProduct.settler.add(order);
  }

  private async resyncOptions(): Promise<void> {
    if (!this.leading) return;
    try {
      for (const order of await openOrders(this.options.app.db)) this.options.app.optionsProduct.settler.add(order);
    } catch (error) {
      this.options.app.log.warn({ err: error }, 'options resync failed');
    }
  }
}
