import { z } from 'zod';
import { countryCode, provinceStateCode, text } from '../common/primitives.js';

/** The agency's postal address, as notices print it. */
export const agencyAddressSchema = z
  .object({
    address: text(255).describe('Street address.'),
    city: text(100).describe('City.'),
    province_state: provinceStateCode().describe('ISO province or state code (`NY`, `ON`).'),
    postal_code: text(20).describe('Postal or ZIP code.'),
    country: countryCode().describe('ISO 3166-1 alpha-2 country code (`US`).'),
  })
  .strict()
  .describe('A postal address.');

/**
 * The consumer reporting agency: who prepares the reports of a partner's applicants, named with its contact details
 * on every adverse-action notice (the applicant asks it for a copy and disputes with it).
 */
export const consumerReportingAgencyBodySchema = z
  .object({
    name: text(200).describe('The agency’s name, as notices and reports print it (“prepared by …”).'),
    address: agencyAddressSchema.describe('The agency’s postal address.'),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ().-]{5,28}[0-9]$/, 'must be a phone number: digits, spaces, ( ) . - and a leading +')
      .describe('A phone number applicants can call (`+1 212 555 0100`, `1-800-555-0100`).'),
    website: z
      .string()
      .trim()
      .url()
      .max(2_000)
      .regex(/^https:\/\//, 'must be an https:// URL')
      .describe('The agency’s website (`https://…`), where applicants find how to reach it.'),
  })
  .strict()
  .describe('The consumer reporting agency of the partner, whole.');
export type ConsumerReportingAgencyBody = z.infer<typeof consumerReportingAgencyBodySchema>;

export const consumerReportingAgencySchema = z
  .object({
    configured: z
      .boolean()
      .describe(
        'Whether the agency is set. Until it is, a live adverse action answers 403 `agency_not_configured`; demo notices name the partner and say the details are not set.',
      ),
    name: z.string().nullable().describe('The agency’s name; null until set.'),
    address: agencyAddressSchema.nullable().describe('Its postal address; null until set.'),
    phone: z.string().nullable().describe('Its phone number; null until set.'),
    website: z.string().nullable().describe('Its website; null until set.'),
    modified: z.string().nullable().describe('When it was last set (ISO 8601); null until set.'),
  })
  .describe('The consumer reporting agency that notices and reports name.');
export type ConsumerReportingAgency = z.infer<typeof consumerReportingAgencySchema>;
