import type { Db as JobDatabase } from 'pg-boss';
import type { PgliteGateway, PgliteRawResult } from './gateway.js';

/** pg-boss's database adapter for the embedded database: every statement takes the gateway's session. */
export function createPgliteJobDatabase(gateway: PgliteGateway): JobDatabase {
  return {
    executeSql: (text, values) =>
      gateway.withLease(async (lease) => rowsOf(await gateway.execute(lease, text, values))),
    listen: async (channel, onNotification, onReconnect) => {
      const unlisten = await gateway.listen(channel, onNotification);
      // No connection to lose in-process; pg-boss fetches once after subscribing to close any gap.
      onReconnect();
      return { close: unlisten };
    },
  };
}

function rowsOf(result: PgliteRawResult): { rows: unknown[] } {
  // A multi-statement script (pg-boss's BEGIN … COMMIT blocks) returns one result per statement;
  // keep every row, so a RETURNING in the middle is not lost behind the COMMIT.
  return { rows: Array.isArray(result) ? result.flatMap((each) => each.rows) : result.rows };
}
