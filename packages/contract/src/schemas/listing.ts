import { z } from 'zod';
import { numberOrDecimalString, prepared, withoutNulls } from '../common/lenient.js';
import { calendarDate, dateTime, decimalString, uuid } from '../common/primitives.js';
import { propertySchema } from './property.js';
import { userWithTeamSchema } from './user-with-team.js';

export const listingSchema = z
  .object({
    id: uuid().describe('Identifier of the listing.'),
    created: dateTime().describe('When the listing was created.'),
    modified: dateTime().describe('When the listing was last changed.'),
    last_updated: dateTime().describe('When the listing or its applications last changed.'),
    name: z.string().nullable().describe('Name of the listing manager.'),
    unit: z.string().nullable().describe('Unit of the property.'),
    move_in_date: dateTime().nullable().describe('Move-in date.'),
    move_in_immediately: z.boolean().describe('Whether the unit is available at once.'),
    rent: decimalString().describe('Monthly rent, a decimal number written as a string.'),
    security_deposit_amount: decimalString().nullable().describe('Security deposit, a decimal string.'),
    pet_deposit_amount: decimalString().nullable().describe('Pet deposit, a decimal string.'),
    rent_range: z
      .string()
      .nullable()
      .describe('Range of rents, for listings of several units: always null, as no operation sets it.'),
    pet_deposit: z.boolean().describe('Whether a pet deposit is asked.'),
    storage_locker: z.boolean().describe('Whether a storage locker comes with the unit.'),
    is_active: z.boolean().describe('Whether the listing accepts applications.'),
    is_public: z.boolean().describe('Whether the listing is shown publicly.'),
    is_placeholder: z
      .boolean()
      .describe('Whether the listing is a placeholder for a property’s team link: always false (svc makes none).'),
    use_team_link: z
      .boolean()
      .describe('Whether applicants apply through the team’s link: always false (applicants apply by invitation).'),
    property_manager_terms: z.string().describe('Terms of the property manager shown to applicants.'),
    url_code: z.string().describe('Code of the listing’s public application link.'),
    owner: userWithTeamSchema,
    property: propertySchema,
    applicant_count: z
      .number()
      .int()
      .describe('Number of applicants of the applications made for the listing (deleted ones included).'),
    new_applicant_count: z
      .number()
      .int()
      .describe('Number of its applicants whose report nobody has opened yet (deleted ones aside).'),
    is_psychometric_required: z
      .boolean()
      .describe('Whether applicants take the behavioural test: always false, as PM teams do not order it.'),
    notification_list: z.array(userWithTeamSchema).describe('Users notified of new applications.'),
    selected_application: z
      .object({
        is_selected: z.boolean().describe('Whether an application was selected.'),
        applicants: z
          .array(z.object({ id: uuid(), first_name: z.string().nullable(), last_name: z.string().nullable() }))
          .describe('Applicants of the selected application.'),
      })
      .describe('The application chosen for the unit: svc records no choice, so none is selected.'),
    length_of_lease: z.string().nullable().describe('Length of the lease: always null, as no operation sets it.'),
  })
  .describe('A rental listing (PM).');
export type Listing = z.infer<typeof listingSchema>;

const money = (what: string) =>
  numberOrDecimalString(z.number().nonnegative().max(10_000_000).multipleOf(0.01)).describe(
    `${what} A number, or a decimal string such as \`"2000.00"\`.`,
  );

export const createListingBodySchema = z
  .object({
    name: z.string().trim().max(200).optional().describe("Listing manager's name."),
    pet_deposit: z.boolean().optional().describe('Whether a pet deposit is asked.'),
    security_deposit_amount: money('Security deposit.').optional(),
    rent: money('Monthly rent.'),
    move_in_immediately: z.boolean().optional().describe('Whether the unit is available at once.'),
    move_in_date: prepared(
      // A retrieved record shows the date as a date-time: sent back, its date is the date.
      (input) => (typeof input === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(input) ? input.slice(0, 10) : input),
      calendarDate().optional(),
    ).describe('Move-in date, YYYY-MM-DD (a date-time is read as its date).'),
    unit: z.string().trim().max(50).optional().describe('Unit of the property.'),
    pet_deposit_amount: money('Pet deposit.').optional(),
    'url-code': z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional()
      .describe('Code for the public application link; generated when absent.'),
    is_active: z.boolean().optional().describe('Whether the listing accepts applications (default true).'),
    is_public: z.boolean().optional().describe('Whether the listing is shown publicly (default true).'),
    property_manager_terms: z.string().max(20_000).optional().describe('Terms shown to applicants.'),
    storage_locker: z.boolean().optional().describe('Whether a storage locker comes with the unit.'),
    notification_list_ids: z.array(uuid()).max(50).describe('Users notified of new applications.'),
    owner_id: uuid().describe('User the listing is assigned to.'),
    property_id: uuid().describe('Property of the listing.'),
  })
  .describe('A listing to create.');
export type CreateListingBody = z.infer<typeof createListingBodySchema>;

/** The fields of a listing update: a create's, none required, but its property and url-code (they stay). */
export const updateListingBodySchema = prepared(
  // A retrieved record sent back: its nulls (no deposit, no date) are absent, so they change nothing.
  withoutNulls,
  createListingBodySchema.omit({ property_id: true, 'url-code': true }).partial(),
).describe('The fields of a listing to change; the others are kept. `notification_list_ids` replaces the list.');
export type UpdateListingBody = z.infer<typeof updateListingBodySchema>;
