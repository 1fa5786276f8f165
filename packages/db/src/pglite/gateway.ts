import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { createPglite } from './open.js';

/**
 * PGlite is ONE PostgreSQL session. Two callers that talk to it at the same time share that session:
 * caller A's `BEGIN` puts caller B's statements inside A's transaction, and A's `ROLLBACK` undoes
 * them. The gateway makes the session behave like a pool of exactly one connection: a caller
 * takes the session (a lease), runs its statements or its whole transaction, and gives it back;
 * everyone else waits in FIFO order. TypeORM (typeorm-driver.ts) and pg-boss (job-database.ts) both
 * go through it.
 *
 * Deadlock rules (embedded mode only; on PostgreSQL these are separate connections):
 * - While a call chain holds the session inside `Database.transaction(fn)`, asking for a second
 *   connection from the same chain (e.g. `dataSource.query` instead of `manager.query`) would wait
 *   for itself forever. The gateway detects this and throws {@link PgliteNestedConnectionError}.
 * - `enqueueInTransaction` lets pg-boss statements of that chain run on the held session on purpose.
 * - Anything else that waits longer than `acquireTimeoutMs` fails with {@link PgliteAcquireTimeoutError}
 *   instead of hanging.
 */

export class PgliteNestedConnectionError extends Error {
  constructor() {
    super(
      'PGlite gateway: this call chain already holds the embedded database session (an open transaction) and ' +
        'asked for another connection, which would wait for itself forever. Run the statement through the ' +
        "transaction's EntityManager / QueryRunner, or enqueue jobs with enqueueInTransaction().",
    );
    this.name = 'PgliteNestedConnectionError';
  }
}

export class PgliteAcquireTimeoutError extends Error {
  constructor(waitedMs: number, holder: { id: number; heldForMs: number } | null) {
    super(
      `PGlite gateway: waited ${waitedMs} ms for the embedded database session` +
        (holder ? `, held by lease #${holder.id} for ${holder.heldForMs} ms` : '') +
        '. A transaction is probably waiting on something that needs another connection ' +
        "(use the transaction's EntityManager, or enqueueInTransaction for jobs).",
    );
    this.name = 'PgliteAcquireTimeoutError';
  }
}

export class PgliteGatewayClosedError extends Error {
  constructor() {
    super('PGlite gateway: the embedded database is closed');
    this.name = 'PgliteGatewayClosedError';
  }
}

/** The right to use the PGlite session. `owner` is itself, or the lease a borrowed lease runs on. */
export class PgliteLease {
  released = false;
  readonly acquiredAt = Date.now();
  constructor(
    readonly gateway: PgliteGateway,
    readonly id: number,
    readonly owner: PgliteLease | null = null,
  ) {}

  get isBorrowed(): boolean {
    return this.owner !== null;
  }

  get root(): PgliteLease {
    return this.owner ?? this;
  }
}

type LeaseScope = { lease: PgliteLease; mode: 'share' | 'strict' };

/** Which lease, if any, the current async call chain runs inside. */
const leaseScope = new AsyncLocalStorage<LeaseScope>();

type Waiter = {
  grant: (lease: PgliteLease) => void;
  timer: NodeJS.Timeout | null;
};

/** One result, or one per statement when a parameterless text held several (like node-postgres). */
export type PgliteRawResult = Results | Results[];

export type PgliteGatewayOptions = {
  /** PGlite data directory, or `memory://` for a throwaway in-memory database. */
  dataDir: string;
  /** See {@link createPglite} (open.ts). */
  initdbCacheFile?: string;
  /**
   * How long a caller may wait for the session before failing (0 = forever). Default 15 s: long
   * enough for any sane transaction, and shorter than the test timeout, so a self-deadlock shows
   * up as PgliteAcquireTimeoutError rather than as a bare test timeout.
   */
  acquireTimeoutMs?: number;
};

export class PgliteGateway {
  readonly pglite: PGlite;
  readonly acquireTimeoutMs: number;
  #holder: PgliteLease | null = null;
  readonly #waiters: Waiter[] = [];
  #nextLeaseId = 1;
  #closing = false;
  #closed: Promise<void> | null = null;

  private constructor(pglite: PGlite, acquireTimeoutMs: number) {
    this.pglite = pglite;
    this.acquireTimeoutMs = acquireTimeoutMs;
  }

  static async open(options: PgliteGatewayOptions): Promise<PgliteGateway> {
    const pglite = await createPglite(options.dataDir, options.initdbCacheFile);
    return new PgliteGateway(pglite, options.acquireTimeoutMs ?? 15_000);
  }

  /** Waiting callers, for tests and diagnostics. */
  get waitingCount(): number {
    return this.#waiters.length;
  }

  get isHeld(): boolean {
    return this.#holder !== null;
  }

  /** Takes the session; resolves when every earlier caller has given it back. */
  acquire(options: { timeoutMs?: number } = {}): Promise<PgliteLease> {
    const scope = leaseScope.getStore();
    if (scope && scope.lease.gateway === this && this.#isCurrent(scope.lease)) {
      if (scope.mode === 'share') {
        return Promise.resolve(new PgliteLease(this, scope.lease.root.id, scope.lease.root));
      }
      return Promise.reject(new PgliteNestedConnectionError());
    }
    if (this.#closing) {
      return Promise.reject(new PgliteGatewayClosedError());
    }
    return this.#acquireInOrder(options.timeoutMs ?? this.acquireTimeoutMs);
  }

  #acquireInOrder(timeoutMs: number): Promise<PgliteLease> {
    if (this.#holder === null && this.#waiters.length === 0) {
      return Promise.resolve(this.#grant());
    }
    return new Promise<PgliteLease>((resolve, reject) => {
      const waiter: Waiter = { grant: resolve, timer: null };
      if (timeoutMs > 0) {
        const startedAt = Date.now();
        waiter.timer = setTimeout(() => {
          const index = this.#waiters.indexOf(waiter);
          if (index === -1) return;
          this.#waiters.splice(index, 1);
          const holder = this.#holder;
          reject(
            new PgliteAcquireTimeoutError(
              Date.now() - startedAt,
              holder ? { id: holder.id, heldForMs: Date.now() - holder.acquiredAt } : null,
            ),
          );
        }, timeoutMs);
        waiter.timer.unref();
      }
      this.#waiters.push(waiter);
    });
  }

  #grant(): PgliteLease {
    const lease = new PgliteLease(this, this.#nextLeaseId++);
    this.#holder = lease;
    return lease;
  }

  #isCurrent(lease: PgliteLease): boolean {
    const root = lease.root;
    return !lease.released && !root.released && this.#holder === root;
  }

  /**
   * Gives the session back. A borrowed lease gives back nothing. If the holder left a transaction
   * open (an error path), it is rolled back first, so the next holder never starts inside it.
   */
  async release(lease: PgliteLease): Promise<void> {
    if (lease.released) return;
    lease.released = true;
    if (lease.isBorrowed) return;
    if (this.#holder !== lease) return;
    try {
      if (!this.pglite.closed && this.pglite.isInTransaction()) {
        await this.pglite.exec('ROLLBACK');
      }
    } catch {
      // Nothing more can be done here; the next statement reports the state of the session.
    } finally {
      this.#handOver();
    }
  }

  #handOver(): void {
    this.#holder = null;
    const next = this.#waiters.shift();
    if (!next) return;
    if (next.timer) clearTimeout(next.timer);
    next.grant(this.#grant());
  }

  /** Runs `work` holding the session, then gives it back. */
  async withLease<T>(work: (lease: PgliteLease) => Promise<T>): Promise<T> {
    const lease = await this.acquire();
    try {
      return await work(lease);
    } finally {
      await this.release(lease);
    }
  }

  /**
   * Runs `work` so that gateway calls made inside it (e.g. pg-boss looking up a queue) run on
   * `lease` instead of waiting for it.
   */
  shareLease<T>(lease: PgliteLease, work: () => Promise<T>): Promise<T> {
    return leaseScope.run({ lease, mode: 'share' }, work);
  }

  /**
   * Runs `work` so that any gateway call made inside it that is not on `lease` fails fast with
   * {@link PgliteNestedConnectionError} instead of waiting for `lease` forever.
   */
  guardLease<T>(lease: PgliteLease, work: () => Promise<T>): Promise<T> {
    return leaseScope.run({ lease, mode: 'strict' }, work);
  }

  /**
   * Runs one statement (with parameters: extended protocol, one statement) or a script (without
   * parameters: simple protocol, several statements allowed), as node-postgres does.
   */
  async execute(
    lease: PgliteLease,
    text: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<PgliteRawResult> {
    if (!this.#isCurrent(lease)) {
      throw new Error(`PGlite gateway: lease #${lease.id} is not the holder of the session (released?)`);
    }
    if (params && params.length > 0) {
      return await this.pglite.query(text, [...params], options);
    }
    const results = await this.pglite.exec(text, options);
    return results.length === 1 ? results[0]! : results;
  }

  /** LISTEN through the gateway, so it never lands inside someone else's transaction. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    // Notifications are delivered in a microtask of whichever statement received them; run the
    // callback outside any lease scope so the work it starts queues like any other caller.
    const callback = (payload: string) => leaseScope.exit(() => onPayload(payload));
    const unlisten = await this.withLease(() => this.pglite.listen(channel, callback));
    return async () => {
      if (this.#closing) return;
      await this.withLease(() => unlisten());
    };
  }

  /** Waits for every holder and waiter to finish, then closes PGlite. Idempotent. */
  close(): Promise<void> {
    if (!this.#closed) {
      this.#closing = true;
      this.#closed = (async () => {
        const lease = await this.#acquireInOrder(0);
        try {
          await this.pglite.close();
        } finally {
          lease.released = true;
          this.#holder = null;
        }
      })();
    }
    return this.#closed;
  }
}
