import { z } from 'zod';
import { phoneType } from '../common/enums.js';
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
