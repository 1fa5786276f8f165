import { z } from 'zod';
import { c, HR_PREFIXES, type HrForm, metadata, ownerIdField, writeHeaders } from '../common/contract.js';
import { requireOneRequestFlag } from '../common/order.js';
import { lenientBody } from '../common/lenient.js';
import { refuseHiddenCharacters } from '../common/applicant-rules.js';
import { problemResponses } from '../common/problem.js';
import { orderDryRunSchema, orderQuerySchema } from '../schemas/order-dry-run.js';
import { hrInviteResponseSchema } from '../schemas/application.js';
import { acicParametersShape, inviteShape } from '../schemas/order.js';

export const hrInviteBodySchema = <F extends HrForm>(form: F) =>
  lenientBody(z.object({ ...inviteShape, ...acicParametersShape, owner_id: ownerIdField(form) }), (body) =>
    body.superRefine(requireOneRequestFlag).superRefine(refuseHiddenCharacters),
  ).describe('An HR invitation: the applicant, the checks to run, and what you already know.');
export type HrInviteBody = z.infer<ReturnType<typeof hrInviteBodySchema<'api'>>>;

export const hrInvite = <F extends HrForm>(form: F) =>
  c.mutation({
    method: 'POST',
    path: `${HR_PREFIXES[form]}/applications/invite/` as `${(typeof HR_PREFIXES)[F]}/applications/invite/`,
    headers: writeHeaders,
    query: orderQuerySchema,
    body: hrInviteBodySchema(form),
    responses: { 200: orderDryRunSchema, 201: hrInviteResponseSchema, ...problemResponses(400, 403, 409) },
    summary: 'Invite an applicant',
    description:
      'Creates an application and invites the applicant by email (and by SMS when the superteam has SMS enabled and a phone number is given) to fill in the forms the requested checks need and to consent. `information` pre-fills the forms. The application starts `Pending` with `report_status` `SENT`; the checks run once the applicant submits.',
    metadata: metadata('HR applications', form === 'api' ? 'hrInvite' : 'hrV1Invite'),
  });
