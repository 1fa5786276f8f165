import { followPartnerChanges, type Database } from '@svc/db';
import type { Express, NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger.js';

type Entry = { partnerId: string; generation: number; expiresAt: number; text: string; bytes: number };

/** Answers are served from memory only while every change committed this long ago has been read (by default). */
const FRESH_MS = 200;
/** Besides `maxBytes`: a cap on the count of answers, whatever their size. */
const MAX_ENTRIES = 20_000;

/** Bodies answered from the cache: express sends the JSON text they stand for (see `sendCachedBodiesAsText`). */
const textOfCachedBody = new WeakMap<object, string>();

/**
 * The answers of repeated reads (an applicant's record, a page of applicants), kept by an API process as JSON text
 * until the partner's data changes. Partners poll a record until it is `Returned` and page through lists; without the
 * cache each poll costs a statement of five tables and the presenting of every check's result.
 *
 * An answer is dropped:
 * - when a committed transaction of any process changes a table the records show: triggers write the partner's id
 *   to `record_changes`, which this process reads every 20 ms (`followPartnerChanges`) and passes to `changed()`;
 *   a write through this process drops its partner's answers before its own answer is sent (`dropOnWrite`), so a
 *   client always reads its own writes;
 * - after `ttlMs` in any case, which bounds how late a field computed from the clock (`can_resend_email`) may be;
 * - while changes have not been read for `freshMs` (the database is unreachable or slow), nothing is kept or
 *   answered from memory.
 *
 * Memory is bounded by `maxBytes` (keys and JSON text, two bytes a character) and `MAX_ENTRIES`, least recently used
 * first out.
 */
export class ReadCache {
  readonly #ttlMs: number;
  readonly #maxBytes: number;
  readonly #now: () => number;
  readonly #freshMs: number;
  readonly #entries = new Map<string, Entry>();
  /** Bumped by every change of a partner; an answer read before a change is never kept after it. */
  readonly #generations = new Map<string, number>();
  /** Bumped by a change of every partner, and when following starts or stops. */
  #epoch = 0;
  #bytes = 0;
  #following = false;
  /** `performance.now()` of the last read of changes that came back. */
  #caughtUpAt = 0;

  constructor({ ttlMs, maxBytes, now = Date.now, freshMs = FRESH_MS }: { ttlMs: number; maxBytes: number; now?: () => number; freshMs?: number }) {
    this.#ttlMs = ttlMs;
    this.#maxBytes = maxBytes;
    this.#now = now;
    this.#freshMs = freshMs;
  }

  get enabled(): boolean {
    return this.#following && this.#ttlMs > 0 && performance.now() - this.#caughtUpAt < this.#freshMs;
  }

  /** The answer of `key` (everything the answer depends on) among `partnerId`'s data: from memory, or `load()`ed. */
  async answer<T extends object>(partnerId: string, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.#entries.get(key);
    if (hit && hit.partnerId === partnerId && hit.generation === this.#generationOf(partnerId) && hit.expiresAt > this.#now()) {
      // Most recently used last: Map iteration order is insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return cachedBody<T>(hit.text);
    }
    const generation = this.#generationOf(partnerId);
    const body = await load();
    if (this.enabled && generation === this.#generationOf(partnerId)) {
      const text = JSON.stringify(body);
      this.#store(key, { partnerId, generation, expiresAt: this.#now() + this.#ttlMs, text, bytes: 2 * (key.length + text.length) });
      textOfCachedBody.set(body, text);
    }
    return body;
  }

  /** What a partner's records show changed (`null`: every partner's). */
  changed(partnerId: string | null): void {
    if (partnerId === null) return this.#forgetAll();
    this.#generations.set(partnerId, (this.#generations.get(partnerId) ?? 0) + 1);
  }

  /** Every change committed before `readAt` (a `performance.now()`) has been passed to `changed()`. */
  caughtUp(readAt: number): void {
    if (!this.#following) this.#forgetAll();
    this.#following = true;
    this.#caughtUpAt = Math.max(this.#caughtUpAt, readAt);
  }

  /** Changes may be missed: nothing is kept or answered until `caughtUp()`. */
  lost(): void {
    this.#following = false;
    this.#forgetAll();
  }

  #generationOf(partnerId: string): number {
    return this.#epoch * 2 ** 32 + (this.#generations.get(partnerId) ?? 0);
  }

  #forgetAll(): void {
    this.#epoch += 1;
    this.#generations.clear();
    this.#entries.clear();
    this.#bytes = 0;
  }

  #store(key: string, entry: Entry): void {
    if (entry.bytes > this.#maxBytes / 4) return;
    const previous = this.#entries.get(key);
    if (previous) {
      this.#entries.delete(key);
      this.#bytes -= previous.bytes;
    }
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    for (const [oldest, { bytes }] of this.#entries) {
      if (this.#bytes <= this.#maxBytes && this.#entries.size <= MAX_ENTRIES) break;
      this.#entries.delete(oldest);
      this.#bytes -= bytes;
    }
  }
}

/** A body standing for cached JSON text: handlers return it like any body, express sends the text. */
function cachedBody<T extends object>(text: string): T {
  const body = {};
  textOfCachedBody.set(body, text);
  return body as T;
}

/** Express's `res.json`, except that a body of the read cache is sent as its JSON text, not serialised again. */
export function sendCachedBodiesAsText(app: Express): void {
  const json = app.response.json;
  app.response.json = function sendJson(this: Response, body: unknown) {
    const text = typeof body === 'object' && body !== null ? textOfCachedBody.get(body) : undefined;
    if (text === undefined) return json.call(this, body);
    if (!this.get('Content-Type')) this.type('json');
    return this.send(text);
  };
}

/**
 * A write through this process drops the cached answers of its partner before its own answer leaves, so the client
 * that made it never reads the data before it (its commit may not have been read from `record_changes` yet).
 */
export function dropOnWrite(cache: ReadCache, partnerOf: (response: Response) => string) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return next();
    const partnerId = partnerOf(response);
    cache.changed(partnerId);
    const writeHead = response.writeHead;
    response.writeHead = function writeHeadAfterChange(this: Response, ...args: Parameters<Response['writeHead']>) {
      cache.changed(partnerId);
      return writeHead.apply(this, args);
    } as Response['writeHead'];
    next();
  };
}

/** Keeps the cache in step with the database: every committed change of a partner's records drops its answers. */
export function connectReadCache(cache: ReadCache, db: Database, logger: Logger): void {
  followPartnerChanges(db, {
    onChange: (partnerId) => cache.changed(partnerId),
    onCaughtUp: (readAt) => cache.caughtUp(readAt),
    onLost: (error) => {
      cache.lost();
      logger.warn({ err: error }, 'read cache off until changes can be read again');
    },
  });
}

/** The key of a read of applicants: everything its answer depends on (the caller's scope, the URL it asked, the
 * base URL its links are built on). */
export function readKeyOf(request: Pick<Request, 'originalUrl'>, publicUrl: string, scope: { partnerId: string; environment: string; kind: string; teamId?: string | undefined }): string {
  return `${scope.partnerId} ${scope.kind} ${scope.environment} ${scope.teamId ?? '*'} ${publicUrl}${request.originalUrl}`;
}
