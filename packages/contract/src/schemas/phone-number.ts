import { z } from 'zod';
import { phoneType } from '../common/enums.js';
import { prepared, withoutNulls } from '../common/lenient.js';
import { countryCodeInput } from '../common/subdivisions.js';

export const phoneNumberSchema = z
  .object({
    phone_type: phoneType.lenientSchema.default('NONE'),
    number: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ().-]{7,20}$/, 'must be a phone number of 7 to 20 digits')
      .describe('The number, digits with optional `+`, spaces, dots, dashes and parentheses.'),
    country: countryCodeInput().describe('ISO country code of the number.'),
  })
  .describe('A phone number.');
export type PhoneNumber = z.infer<typeof phoneNumberSchema>;

/**
 * An optional phone number of an order. `null`, and a phone number without a number (`{"phone_type": "NONE",
 * "number": null, "country": null}`, as svc's own records show the absence of one), are absent; other nulls too.
 */
export const optionalPhoneNumberSchema = prepared((input) => {
  const members = withoutNulls(input);
  if (members === null || (typeof members === 'object' && !('number' in members))) return undefined;
  return members;
}, phoneNumberSchema.optional());
