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
import { lenientBody } from '../common/lenient.js';
import { refuseHiddenCharacters } from '../common/applicant-rules.js';
import { uuid } from '../common/primitives.js';
import { problemResponses } from '../common/problem.js';
import { orderDryRunSchema, orderQuerySchema } from '../schemas/order-dry-run.js';
import { pmApplicationSchema } from '../schemas/application.js';
import { shareOfRentField } from './invite.js';
import { quickScreenShape } from '../schemas/order.js';

export const pmQuickScreenBodySchema = <F extends PmForm>(form: F) =>
  lenientBody(
    z.object({
      ...quickScreenShape,
      owner_id: ownerIdField(form),
      listing_id: uuid().optional().describe('Listing applied for (a listing of the owner’s team).'),
      share_of_rent: shareOfRentField,
    }),
    (body) => body.superRefine(requireOneRequestFlagBefore(form)).superRefine(refuseHiddenCharacters),
  ).describe('A PM quick screen: the checks to run and everything they need.');
export type PmQuickScreenBody = z.infer<ReturnType<typeof pmQuickScreenBodySchema<'pm'>>>;

export const pmQuickScreen = <F extends PmForm>(form: F) =>
  c.mutation({
    method: 'POST',
    path: (form === 'v2' ? '/api/v2/applications/quick/' : '/api/v1/pm/applications/quick/') as F extends 'v2'
      ? '/api/v2/applications/quick/'
      : '/api/v1/pm/applications/quick/',
    headers: writeHeaders,
    query: orderQuerySchema,
    body: pmQuickScreenBodySchema(form),
    responses: { 200: orderDryRunSchema, 201: pmApplicationSchema, ...problemResponses(400, 403, 409) },
    summary: 'Quick-screen a rental applicant',
    description: `Runs the requested checks at once from the body alone. You must have the applicant's consent first. \`information\` must hold what the requested checks need.\n\n${form === 'v2' ? `${PM_V2_NOTE} ${V2_DEFAULT_PACKAGE}` : PM_DEPRECATION}`,
    deprecated: form === 'pm',
    metadata: metadata('PM applications', form === 'v2' ? 'pmV2QuickScreen' : 'pmQuickScreen'),
  });
