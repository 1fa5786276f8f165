import { z } from 'zod';
import { parseEncryptionKey } from './encryption-key.js';

/**
 * The kinds of value an environment variable holds: each is its zod schema (a string from the environment in, a typed
 * value out) and the name of its type as the settings table in README.md shows it.
 */
export type Kind<S extends z.ZodTypeAny> = {
  readonly schema: S;
  readonly type: string;
  /** What an unset variable of this kind means, when the kind decides it (a switch: off). */
  readonly unset?: string;
};

export const integer = (min: number, max: number): Kind<z.ZodNumber> => ({
  schema: z.coerce.number().int().min(min).max(max),
  type: `integer ${min}–${max}`,
});

export const integerFrom = (min: number): Kind<z.ZodNumber> => ({
  schema: z.coerce.number().int().min(min),
  type: `integer ≥ ${min}`,
});

export const decimal = (min: number, max: number): Kind<z.ZodNumber> => ({
  schema: z.coerce.number().min(min).max(max),
  type: `number ${min}–${max}`,
});

export const text: Kind<z.ZodString> = { schema: z.string().min(1), type: 'text' };

export const url: Kind<z.ZodString> = { schema: z.string().url(), type: 'URL' };

export const email: Kind<z.ZodString> = { schema: z.string().email(), type: 'email address' };

export const secret: Kind<z.ZodString> = { schema: z.string().min(32), type: 'secret, 32+ characters' };

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T): Kind<z.ZodEnum<z.Writeable<T>>> => ({
  schema: z.enum(values as z.Writeable<T>),
  type: values.map((value) => `\`${value}\``).join(', '),
});

const switchValue = z.enum(['0', '1'], { message: 'must be 1 (on) or 0 (off)' }).optional();

/** A switch, off unless `1`. */
export const switchOn = {
  schema: switchValue.transform((value) => value === '1'),
  type: '`1` on, `0` off',
  unset: 'off',
} satisfies Kind<z.ZodTypeAny>;

/** A switch whose unset value leaves the choice to the command that starts the process (`undefined`). */
export const switchOrCommand = {
  schema: switchValue.transform((value) => (value === undefined ? undefined : value === '1')),
  type: '`1` on, `0` off',
} satisfies Kind<z.ZodTypeAny>;

/** `SVC_ENCRYPTION_KEY` is checked at boot like every other variable: canonical, 32 bytes, not a pattern. */
export const encryptionKey = {
  schema: z
    .string()
    .optional()
    .superRefine((value, context) => {
      if (value === undefined) return;
      try {
        parseEncryptionKey(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  type: '32 bytes: 64 hex characters or base64',
} satisfies Kind<z.ZodTypeAny>;
