// `svc encryption rotate`: re-keys the data at rest after SVC_ENCRYPTION_KEY changed, the old key set as
// SVC_ENCRYPTION_KEY_PREVIOUS (README: "Rotating the encryption key"). Prints counts, never a value.
import type { Config } from '@svc/api';
import { rotateEncryptionKey, type EncryptionKeyRotation } from '@svc/services';
import { prepareEncryption, withMigratedDatabase } from './database.js';

export const ENCRYPTION_USAGE = `  encryption rotate                re-seal every value, file and blind index under SVC_ENCRYPTION_KEY, with the old
                                   key as SVC_ENCRYPTION_KEY_PREVIOUS; stopped anywhere, run it again to go on`;

type Output = { out(text: string): void };

const NO_PREVIOUS_KEY =
  'svc encryption rotate: SVC_ENCRYPTION_KEY_PREVIOUS is not set. To rotate, set SVC_ENCRYPTION_KEY to the new key and SVC_ENCRYPTION_KEY_PREVIOUS to the old one on every process, then run this command';

function describeRotation(rotation: EncryptionKeyRotation): string {
  const resealed = Object.entries(rotation.resealed);
  const total = resealed.reduce((sum, [, count]) => sum + count, 0);
  return [
    `re-sealed under the current key: ${total} values${resealed.length ? ` (${resealed.map(([column, count]) => `${column} ${count}`).join(', ')})` : ''}, ${rotation.objectsResealed} files in the bucket`,
    `blind indexes recomputed: ${rotation.reindexed} applicants`,
    `already under the current key: ${rotation.alreadyCurrent} values`,
    rotation.changedMeanwhile === 0
      ? 'Done: everything is under SVC_ENCRYPTION_KEY. Remove SVC_ENCRYPTION_KEY_PREVIOUS from every process and restart them.'
      : `${rotation.changedMeanwhile} rows changed meanwhile: run it again.`,
  ].join('\n');
}

/** Runs `svc encryption …`; false when the arguments name no encryption command. */
export async function runEncryptionCommand(config: Config, args: string[], output: Output): Promise<boolean> {
  if (args[0] !== 'rotate' || args.length > 1) return false;
  if (!config.SVC_ENCRYPTION_KEY_PREVIOUS) throw new Error(NO_PREVIOUS_KEY);
  await prepareEncryption(config);
  await withMigratedDatabase(config, async (db) => {
    const rotated = await rotateEncryptionKey({ db });
    if (!rotated.ok) throw new Error(NO_PREVIOUS_KEY);
    output.out(describeRotation(rotated.value));
  });
  return true;
}
