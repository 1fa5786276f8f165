import { z } from 'zod';
import {
  c,
  metadata,
  ownerIdField,
  PM_DEPRECATION,
  PM_V2_NOTE,
  V2_DEFAULT_PACKAGE,
  type PmForm,
  writeHeaders,
} from '../common/contract.js';
import { requireOneRequestFlagBefore } from '../common/order.js';
import { lenientBody, numberOrDecimalString, prepared, withoutNulls } from '../common/lenient.js';
import { refuseHiddenCharacters } from '../common/applicant-rules.js';
import { uuid } from '../common/primitives.js';
import { problemResponses } from '../common/problem.js';
import { orderDryRunSchema, orderQuerySchema } from '../schemas/order-dry-run.js';
import { pmInviteResponseSchema } from '../schemas/application.js';
import { inviteShape } from '../schemas/order.js';
import { optionalPhoneNumberSchema } from '../schemas/phone-number.js';

/** The share of the rent one applicant pays: the main one's (`share_of_rent`) or a grouped one's. */
export const shareOfRentField = numberOrDecimalString(z.number().min(0).max(100))
  .optional()
  .describe('Percentage of the rent this applicant pays.');

export const groupedApplicantSchema = prepared(
  withoutNulls,
  z.object({
    email: z.string().trim().email().max(254).describe('Email address of this applicant.'),
    phone_number: optionalPhoneNumberSchema.describe('Phone number for an SMS invitation.'),
    is_cosigner: z
      .boolean()
      .optional()
      .describe('Whether this applicant is a co-signer (guarantor) rather than a tenant (default false).'),
    share_of_rent: shareOfRentField,
  }),
).describe('Another applicant of the same application (a null member is absent).');

export const pmInviteBodySchema = <F extends PmForm>(form: F) =>
  lenientBody(
    z.object({
      ...inviteShape,
      owner_id: ownerIdField(form),
      listing_id: uuid().optional().describe('Listing applied for (a listing of the owner’s team).'),
      share_of_rent: shareOfRentField.describe(
        'Percentage of the rent the applicant invited at `email` pays (each of `grouped_applicants` gives its own).',
      ),
      email_applicants: z
        .boolean()
        .optional()
        .describe(
          'Whether svc emails (and texts) each applicant the invitation (default true). False: nothing is sent; send each applicant the `onboarding_link` of the answer yourself.',
        ),
      grouped_applicants: z
        .array(groupedApplicantSchema)
        .max(10)
        .optional()
        .describe('More applicants of the same application (roommates, co-signers), each invited by email.'),
    }),
    (body) =>
      body
        .superRefine(requireOneRequestFlagBefore(form))
        .superRefine(refuseHiddenCharacters)
        .superRefine((body, ctx) => {
          const emails = [body.email, ...(body.grouped_applicants ?? []).map((applicant) => applicant.email)].map((e) =>
            e.toLowerCase(),
          );
          emails.forEach((address, index) => {
            if (index > 0 && emails.indexOf(address) < index) {
              ctx.addIssue({
                code: z.ZodIssueCode.custom,
                path: ['grouped_applicants', index - 1, 'email'],
                message: 'is already an applicant of this application',
                params: { code: 'duplicate' },
              });
            }
          });
        }),
  ).describe('A PM invitation: one or more applicants, the checks to run, and what you already know.');
export type PmInviteBody = z.infer<ReturnType<typeof pmInviteBodySchema<'pm'>>>;

export const pmInvite = <F extends PmForm>(form: F) =>
  c.mutation({
    method: 'POST',
    path: (form === 'v2' ? '/api/v2/applications/invite/' : '/api/v1/pm/applications/invite/') as F extends 'v2'
      ? '/api/v2/applications/invite/'
      : '/api/v1/pm/applications/invite/',
    headers: writeHeaders,
    query: orderQuerySchema,
    body: pmInviteBodySchema(form),
    responses: { 200: orderDryRunSchema, 201: pmInviteResponseSchema, ...problemResponses(400, 403, 409) },
    summary: 'Invite applicants',
    description: `Creates one application and invites its applicant (and each of \`grouped_applicants\`) by email, and by SMS when the superteam has SMS enabled and a phone number is given. Each applicant fills in their own form; the checks of each start when they submit.\n\n${form === 'v2' ? `${PM_V2_NOTE} ${V2_DEFAULT_PACKAGE}` : PM_DEPRECATION}`,
    deprecated: form === 'pm',
    metadata: metadata('PM applications', form === 'v2' ? 'pmV2Invite' : 'pmInvite'),
  });
