import { followPartnerChanges, type Database } from '@svc/db';
import type { PersonalDataRead } from '@svc/services';
import type { Express, NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger.js';
import { teamScopeOf } from './access.js';
import { principalOf } from './auth.js';
import { setLogRoute } from './request-log.js';

/**
 * A cached answer: its JSON text, its ETag, the headers its operation set (a deprecated one says so), the route
 * pattern its request is logged under, and the applicants whose full SIN/SSN or date of birth it carries.
 */
type Entry = {
  partnerId: string;
  generation: number;
  expiresAt: number;
  text: string;
  length: number;
  etag: string | undefined;
  deprecation: string | undefined;
  route: string | undefined;
  personalData: readonly PersonalDataRead[];
  bytes: number;
};

/** A read of the cache: whose data it shows, and everything its answer depends on. */
export type CachedRead = { partnerId: string; key: string };

/** An answer of the cache, and the applicants whose full SIN/SSN or date of birth it carries (to be audited). */
export type ReadAnswer<T> = { body: T; personalData: readonly PersonalDataRead[] };

const noPersonalData = (): readonly PersonalDataRead[] => [];

/** Answers are served from memory only while every change committed this long ago has been read (by default). */
const FRESH_MS = 200;
/** Besides `maxBytes`: a cap on the count of answers, whatever their size. */
const MAX_ENTRIES = 20_000;

/** Bodies answered from the cache: express sends the JSON text they stand for (see `sendCachedBodiesAsText`). */
const entryOfCachedBody = new WeakMap<object, Entry>();

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
  /** Callers of `changesSeen()`, each with the `performance.now()` its read of changes must start from. */
  #waiting: Array<{ since: number; seen: () => void }> = [];

  constructor({
    ttlMs,
    maxBytes,
    now = Date.now,
    freshMs = FRESH_MS,
  }: {
    ttlMs: number;
    maxBytes: number;
    now?: () => number;
    freshMs?: number;
  }) {
    this.#ttlMs = ttlMs;
    this.#maxBytes = maxBytes;
    this.#now = now;
    this.#freshMs = freshMs;
  }

  get enabled(): boolean {
    return this.#following && this.#ttlMs > 0 && performance.now() - this.#caughtUpAt < this.#freshMs;
  }

  /**
   * The answer of a read (its body, as the operation's handler returns it): from memory, or `load()`ed and kept with
   * the headers the operation set on `response`; with the applicants whose full SIN/SSN or date of birth it carries
   * (`personalDataOf` the loaded body), which the operation writes to the audit log on every read, from memory too.
   */
  async answer<T extends object>(
    request: object,
    response: Response,
    { partnerId, key }: CachedRead,
    load: () => Promise<T>,
    personalDataOf: (body: T) => readonly PersonalDataRead[] = noPersonalData,
  ): Promise<ReadAnswer<T>> {
    const hit = this.#hit(partnerId, key);
    if (hit) return { body: cachedBody<T>(hit), personalData: hit.personalData };
    const generation = this.#generationOf(partnerId);
    const body = await load();
    const personalData = personalDataOf(body);
    if (this.enabled && generation === this.#generationOf(partnerId)) {
      const text = JSON.stringify(body);
      const deprecation = response.getHeader('Deprecation');
      const entry: Entry = {
        partnerId,
        generation,
        expiresAt: this.#now() + this.#ttlMs,
        text,
        length: Buffer.byteLength(text),
        etag: etagOf(response, text),
        deprecation: deprecation === undefined ? undefined : String(deprecation),
        route: (request as { tsRestRoute?: { path: string } }).tsRestRoute?.path,
        personalData,
        bytes: 2 * (key.length + text.length),
      };
      this.#store(key, entry);
      entryOfCachedBody.set(body, entry);
    }
    return { body, personalData };
  }

  /**
   * Sends the answer of a read from memory, before any routing, when it has one; false when it has none, or when it
   * carries a full SIN/SSN or date of birth: its operation answers it from memory and writes the read to the audit log.
   */
  replay({ partnerId, key }: CachedRead, response: Response): boolean {
    const hit = this.#hit(partnerId, key);
    if (!hit || hit.personalData.length > 0) return false;
    if (hit.deprecation !== undefined) response.setHeader('Deprecation', hit.deprecation);
    if (hit.route !== undefined) setLogRoute(response, hit.route);
    sendEntry(response, hit);
    return true;
  }

  #hit(partnerId: string, key: string): Entry | null {
    if (!this.enabled) return null;
    const hit = this.#entries.get(key);
    if (
      !hit ||
      hit.partnerId !== partnerId ||
      hit.generation !== this.#generationOf(partnerId) ||
      hit.expiresAt <= this.#now()
    )
      return null;
    // Most recently used last: Map iteration order is insertion order.
    this.#entries.delete(key);
    this.#entries.set(key, hit);
    return hit;
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
    this.#release((since) => since <= readAt);
  }

  /** Changes may be missed: nothing is kept or answered until `caughtUp()`. */
  lost(): void {
    this.#following = false;
    this.#forgetAll();
    this.#release(() => true);
  }

  /**
   * Resolves once no answer from memory can predate a change committed before the call: when the changes read since
   * have been passed to `changed()` (within about 20 ms), or at once when the cache is not following (it answers
   * nothing from memory then). For whoever writes the database behind this process's back (another process, a test)
   * and must read the change through it next.
   */
  changesSeen(): Promise<void> {
    if (!this.#following) return Promise.resolve();
    const since = performance.now();
    return new Promise((seen) => this.#waiting.push({ since, seen }));
  }

  #release(seenBy: (since: number) => boolean): void {
    const stillWaiting = this.#waiting.filter(({ since }) => !seenBy(since));
    for (const waiter of this.#waiting) if (seenBy(waiter.since)) waiter.seen();
    this.#waiting = stillWaiting;
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

/** A body standing for a cached answer: handlers return it like any body, express sends the answer's text. */
function cachedBody<T extends object>(entry: Entry): T {
  const body = {};
  entryOfCachedBody.set(body, entry);
  return body as T;
}

/** The ETag `res.send` would give the text (the app's `etag` setting), computed once per cached answer. */
function etagOf(response: Response, text: string): string | undefined {
  const etag = response.app.get('etag fn') as ((body: string, encoding: string) => string | undefined) | undefined;
  return etag?.(text, 'utf8');
}

/**
 * The JSON text of an answer with its ETag, or 304 to a matching `If-None-Match`: what `res.send` does, without
 * hashing the text again.
 */
function sendEntry(response: Response, entry: Entry): void {
  if (entry.etag !== undefined) response.setHeader('ETag', entry.etag);
  if (response.req.fresh) {
    response.status(304).end();
    return;
  }
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', entry.length);
  response.end(response.req.method === 'HEAD' ? undefined : entry.text);
}

/** Express's `res.json`, except that a body of the read cache is sent as its JSON text, not serialised again. */
export function sendCachedBodiesAsText(app: Express): void {
  const json = app.response.json;
  app.response.json = function sendJson(this: Response, body: unknown) {
    const entry = typeof body === 'object' && body !== null ? entryOfCachedBody.get(body) : undefined;
    if (entry === undefined) return json.call(this, body);
    sendEntry(this, entry);
    return this;
  };
}

/**
 * Repeated reads answered before routing (authenticated and counted by the rate limit already): a GET without a
 * body whose answer the cache holds is sent from memory; any other request goes on to its operation.
 */
export function answerRepeatedReads(cache: ReadCache, publicUrlOf: (request: Request) => string) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (
      request.method !== 'GET' ||
      !cache.enabled ||
      request.get('content-length') !== undefined ||
      request.get('transfer-encoding') !== undefined
    )
      return next();
    if (!cache.replay(readOf(request, response, publicUrlOf(request)), response)) next();
  };
}

/**
 * A write through this process drops the cached answers of its partner as its own answer leaves (after its commit),
 * so the client that made it never reads the data before it (the commit may not have been read from
 * `record_changes` yet), and a read that began before the commit keeps nothing. Until then, what is cached is
 * what is committed.
 */
export function dropOnWrite(cache: ReadCache, partnerOf: (response: Response) => string) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return next();
    const partnerId = partnerOf(response);
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

/**
 * A read of the cache by the request's API key: its partner, and everything its answer depends on: the key's
 * environment and team scope, the base URL the answer's links are built on, and the URL asked (which decides the
 * operation, HR or PM, and its parameters).
 */
export function readOf(request: Pick<Request, 'originalUrl'>, response: Response, publicUrl: string): CachedRead {
  const principal = principalOf(response);
  return {
    partnerId: principal.partner.id,
    key: `${principal.partner.id} ${principal.environment} ${teamScopeOf(principal) ?? '*'} ${publicUrl}${request.originalUrl}`,
  };
}
