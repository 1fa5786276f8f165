import { queryRows } from '@svc/db';
import type { TestApi } from '@svc/api/testing';

/** The URL of a test's PostgreSQL database, for a command run on it: DATABASE_URL's server, the test's own database. */
export async function urlOf(svc: TestApi): Promise<string> {
  const [row] = await queryRows<{ name: string }>(svc.db, 'SELECT current_database() AS name', []);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return url.toString();
}
