import { z } from 'zod';
import { c, metadata, ownerIdField, PM_DEPRECATION, writeHeaders } from '../common/contract.js';
import { requireOneRequestFlag } from '../common/order.js';
import { lenientBody } from '../common/lenient.js';
import { refuseHiddenCharacters } from '../common/applicant-rules.js';
import { uuid } from '../common/primitives.js';
import { problemResponses } from '../common/problem.js';
import { pmApplicationSchema } from '../schemas/application.js';
import { quickScreenShape } from '../schemas/order.js';

export const pmQuickScreenBodySchema = lenientBody(
  z.object({
    ...quickScreenShape,
    owner_id: ownerIdField('pm'),
    listing_id: uuid().optional().describe('Listing applied for (a listing of the owner’s team).'),
  }),
  (body) => body.superRefine(requireOneRequestFlag).superRefine(refuseHiddenCharacters),
).describe('A PM quick screen: the checks to run and everything they need.');
export type PmQuickScreenBody = z.infer<typeof pmQuickScreenBodySchema>;

export const pmQuickScreen = c.mutation({
  method: 'POST',
  path: '/api/v1/pm/applications/quick/',
  headers: writeHeaders,
  body: pmQuickScreenBodySchema,
  responses: { 201: pmApplicationSchema, ...problemResponses(400, 403, 409) },
  summary: 'Quick-screen a rental applicant',
  description: `Runs the requested checks at once from the body alone. You must have the applicant's consent first. \`information\` must hold what the requested checks need.\n\n${PM_DEPRECATION}`,
  deprecated: true,
  metadata: metadata('PM applications', 'pmQuickScreen'),
});
