import { z } from 'zod';
import { parseEncryptionKey } from './crypto/field-encryption.js';

/**
 * Settings the API and the worker read alike from the environment, defined once (each process validates its whole
 * configuration at boot with zod).
 */

/** A switch: `1` on, `0` off; unset leaves the choice to the command (`undefined`). */
export const switchSetting = z
  .enum(['0', '1'], { message: 'must be 1 (on) or 0 (off)' })
  .optional()
  .transform((value) => (value === undefined ? undefined : value === '1'));

/** `SVC_ENCRYPTION_KEY` is checked at boot like every other variable: canonical, 32 bytes, not a pattern. */
export const encryptionKeySetting = z
  .string()
  .optional()
  .superRefine((value, context) => {
    if (value === undefined) return;
    try {
      parseEncryptionKey(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });
