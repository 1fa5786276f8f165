// `svc storage migrate --to s3|postgres`: moves the files (report PDFs, notices, uploads) between PostgreSQL and the
// bucket, resumably.
import { parseArgs } from 'node:util';
import type { Config } from '@svc/api';
import { migrateFiles } from '@svc/services';
import { prepareEncryption, withMigratedDatabase } from './database.js';
import { processFileStore } from '@svc/db/storage';

export const STORAGE_USAGE = `  storage migrate --to s3|postgres [--limit N]   move existing files (report PDFs, notices, uploads) to the bucket
             (SVC_S3_*) or back into PostgreSQL, one at a time: stopped anywhere, run it again to go on`;

type Output = { out(text: string): void };

/** Runs `svc storage …`; false when the arguments name no storage command. */
export async function runStorageCommand(config: Config, args: string[], output: Output): Promise<boolean> {
  if (args[0] !== 'migrate') return false;
  const { values } = parseArgs({
    args: args.slice(1),
    options: { to: { type: 'string' }, limit: { type: 'string' } },
  });
  if (values.to !== 's3' && values.to !== 'postgres')
    throw new Error('usage: svc storage migrate --to s3|postgres [--limit N]');
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
    throw new Error('svc storage migrate: --limit must be a whole number above 0');
  if (!config.SVC_S3_BUCKET)
    throw new Error(
      'svc storage migrate: set SVC_S3_BUCKET, SVC_S3_ACCESS_KEY_ID and SVC_S3_SECRET_ACCESS_KEY (and SVC_S3_ENDPOINT)',
    );
  await prepareEncryption(config);
  if (!processFileStore().bucket) throw new Error('svc storage migrate: no bucket configured');
  const to = values.to;
  await withMigratedDatabase(config, async (db) => {
    const result = await migrateFiles({ db, to, ...(limit ? { limit } : {}) });
    const moved = Object.entries(result.moved)
      .map(([table, count]) => `${table} ${count}`)
      .join(', ');
    output.out(
      `moved to ${to}: ${moved}; ${result.remaining === 0 ? `every file is in ${to}` : `${result.remaining} still to move: run it again`}` +
        (to === 'postgres'
          ? ''
          : config.SVC_STORAGE === 's3'
            ? ''
            : '\nSet SVC_STORAGE=s3 so that new files go there too.'),
    );
  });
  return true;
}
