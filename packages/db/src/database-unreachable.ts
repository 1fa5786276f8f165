/**
 * A PostgreSQL database a process cannot connect to at boot, said in one sentence an operator can act on: where it
 * looked (host and port, never the password), which setting named it, and what the server or the network answered.
 */
export class DatabaseUnreachableError extends Error {
  override readonly name = 'DatabaseUnreachableError';
  readonly host: string;
  readonly port: number;
  readonly setting: string;
  readonly reason: string;

  constructor(
    { host, port, setting, reason }: { host: string; port: number; setting: string; reason: string },
    options?: { cause?: unknown },
  ) {
    super(
      `svc: cannot connect to the database at ${host}:${port} (${setting}): ${reason}. Check that PostgreSQL runs there and that ${setting} names it.`,
      options,
    );
    this.host = host;
    this.port = port;
    this.setting = setting;
    this.reason = reason;
  }
}

/** What each network error code and each refusal of the server at connection time means, in words. */
const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused (nothing listens on that port)',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved (DNS did not answer)',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'the network is unreachable',
  ECONNRESET: 'the server closed the connection',
  '28P01': 'password authentication failed',
  '28000': 'the server refused this user',
  '3D000': 'the database does not exist',
  '57P03': 'the server is starting up or shutting down',
  '53300': 'the server has too many connections',
};

const codeOf = (error: unknown): string | undefined => {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code in REASONS) return code;
    // AggregateError (a host with an IPv4 and an IPv6 address, both refused).
    const inner = (current as { errors?: unknown[] }).errors?.[0];
    current =
      inner ??
      (current as { driverError?: unknown; cause?: unknown }).driverError ??
      (current as { cause?: unknown }).cause;
  }
  return undefined;
};

/** The DatabaseUnreachableError of a failed first connection to `url`, or null for any other error. */
export function databaseUnreachableError(
  { url, setting }: { url: string; setting: string },
  error: unknown,
): DatabaseUnreachableError | null {
  const code = codeOf(error);
  if (!code) return null;
  let host = 'localhost';
  let port = 5432;
  try {
    const parsed = new URL(url);
    host = decodeURIComponent(parsed.hostname).replace(/^\[|\]$/g, '') || host;
    port = parsed.port ? Number(parsed.port) : port;
  } catch {
    // A URL node-postgres read but URL cannot: the defaults it used.
  }
  return new DatabaseUnreachableError({ host, port, setting, reason: REASONS[code]! }, { cause: error });
}
