import { EventEmitter } from 'node:events';
import { types, type QueryOptions } from '@electric-sql/pglite';
import type { PgliteGateway, PgliteLease, PgliteRawResult } from './gateway.js';

// TypeORM's `postgres` driver on PGlite: a node-postgres look-alike (`{ Pool }`) whose connections
// are gateway leases. (typeorm-pglite is not used: its pool hands every caller the same PGlite
// without any serialisation, and it keeps a process-wide singleton of its own.)

/**
 * PGlite parses a few types differently from node-postgres; TypeORM (and our code) expects what
 * node-postgres returns, so that PostgreSQL and PGlite behave the same:
 * - int8 (count(*), bigint): node-postgres returns a string, PGlite a number.
 * - date: node-postgres returns a local-midnight Date that TypeORM turns back into 'YYYY-MM-DD';
 *   PGlite returns a UTC-midnight Date, which that conversion shifts by a day west of UTC. The text
 *   is passed through, which TypeORM keeps as is.
 * - bytea: node-postgres returns a Buffer, PGlite a Uint8Array.
 */
const TYPEORM_QUERY_OPTIONS: QueryOptions = {
  parsers: {
    [types.INT8]: (value: string) => value,
    [types.DATE]: (value: string) => value,
    [types.BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex'),
  },
};

type QueryCallback = (error: Error | null, result?: PgliteRawResult) => void;

/**
 * The statement of a node-postgres `query()` call: a text with its parameters, or a query config `{ name, text,
 * values }` (a named statement: node-postgres prepares it once per connection; PGlite, in process, parses each time).
 */
function queryOf(text: unknown, paramsOrCallback: unknown): { text: string; values: unknown[] | undefined } | null {
  if (typeof text === 'string')
    return { text, values: Array.isArray(paramsOrCallback) ? (paramsOrCallback as unknown[]) : undefined };
  if (
    text !== null &&
    typeof text === 'object' &&
    typeof (text as { text?: unknown }).text === 'string' &&
    !('submit' in text)
  ) {
    const { text: statement, values } = text as { text: string; values?: unknown[] };
    return { text: statement, values };
  }
  return null;
}

const unsupportedQuery = () =>
  Promise.reject<PgliteRawResult>(
    new Error('PGlite gateway: only text queries and { text, values } are supported (no streams)'),
  );

/** What TypeORM's PostgresQueryRunner uses of a node-postgres client. */
export class PgliteGatewayClient extends EventEmitter {
  constructor(
    readonly gateway: PgliteGateway,
    readonly lease: PgliteLease,
  ) {
    super();
  }

  query(text: unknown, paramsOrCallback?: unknown, maybeCallback?: unknown): Promise<PgliteRawResult> | undefined {
    const callback = (typeof paramsOrCallback === 'function' ? paramsOrCallback : maybeCallback) as
      QueryCallback | undefined;
    const query = queryOf(text, paramsOrCallback);
    const result = query
      ? this.gateway.execute(this.lease, query.text, query.values, TYPEORM_QUERY_OPTIONS)
      : unsupportedQuery();
    if (callback) {
      result.then(
        (value) => callback(null, value),
        (error: Error) => callback(error),
      );
      return undefined;
    }
    return result;
  }

  /** Same as `release()` on a node-postgres pooled client. */
  release(_error?: unknown): void {
    void this.gateway.release(this.lease);
  }

  /** Runs `work` so pg-boss calls inside it use this client's session (see enqueueInTransaction). */
  shareSession<T>(work: () => Promise<T>): Promise<T> {
    return this.gateway.shareLease(this.lease, work);
  }

  /** Runs `work` so that a second connection asked for from inside it fails fast. */
  guardSession<T>(work: () => Promise<T>): Promise<T> {
    return this.gateway.guardLease(this.lease, work);
  }
}

type ConnectCallback = (error: Error | null, client?: PgliteGatewayClient, release?: (error?: unknown) => void) => void;

/** `options.driver` for a TypeORM `postgres` DataSource: every connection is a lease on `gateway`. */
export function createPgliteTypeormDriver(gateway: PgliteGateway): { Pool: new (options?: unknown) => object } {
  class PgliteGatewayPool extends EventEmitter {
    /** TypeORM passes node-postgres pool options (url, max, …); none apply to the embedded session. */
    constructor(_options?: unknown) {
      super();
    }

    connect(callback?: ConnectCallback): Promise<PgliteGatewayClient> | undefined {
      const connected = gateway.acquire().then((lease) => new PgliteGatewayClient(gateway, lease));
      if (callback) {
        connected.then(
          (client) => callback(null, client, (error?: unknown) => client.release(error)),
          (error: Error) => callback(error, undefined, () => {}),
        );
        return undefined;
      }
      return connected;
    }

    query(text: unknown, paramsOrCallback?: unknown, maybeCallback?: unknown): Promise<PgliteRawResult> | undefined {
      const callback = (typeof paramsOrCallback === 'function' ? paramsOrCallback : maybeCallback) as
        QueryCallback | undefined;
      const query = queryOf(text, paramsOrCallback);
      const result = query
        ? gateway.withLease((lease) => gateway.execute(lease, query.text, query.values, TYPEORM_QUERY_OPTIONS))
        : unsupportedQuery();
      if (callback) {
        result.then(
          (value) => callback(null, value),
          (error: Error) => callback(error),
        );
        return undefined;
      }
      return result;
    }

    /** The DataSource is done with the pool; the PGlite instance is closed by its owner. */
    end(callback?: (error?: Error | null) => void): Promise<void> | undefined {
      if (callback) {
        callback(null);
        return undefined;
      }
      return Promise.resolve();
    }
  }
  return { Pool: PgliteGatewayPool };
}
