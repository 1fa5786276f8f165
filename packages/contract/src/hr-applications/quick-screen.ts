import { z } from 'zod';
import { c, HR_PREFIXES, type HrForm, metadata, ownerIdField, writeHeaders } from '../common/contract.js';
import { requireOneRequestFlag } from '../common/order.js';
import { lenientBody } from '../common/lenient.js';
import { refuseHiddenCharacters } from '../common/applicant-rules.js';
import { problemResponses } from '../common/problem.js';
import { orderDryRunSchema, orderQuerySchema } from '../schemas/order-dry-run.js';
import { hrApplicationSchema } from '../schemas/application.js';
import { acicParametersShape, quickScreenShape } from '../schemas/order.js';

export const hrQuickScreenBodySchema = <F extends HrForm>(form: F) =>
  lenientBody(z.object({ ...quickScreenShape, ...acicParametersShape, owner_id: ownerIdField(form) }), (body) =>
    body.superRefine(requireOneRequestFlag).superRefine(refuseHiddenCharacters),
  ).describe('An HR quick screen: the checks to run and everything they need.');
export type HrQuickScreenBody = z.infer<ReturnType<typeof hrQuickScreenBodySchema<'api'>>>;

export const hrQuickScreen = <F extends HrForm>(form: F) =>
  c.mutation({
    method: 'POST',
    path: `${HR_PREFIXES[form]}/applications/quick/` as `${(typeof HR_PREFIXES)[F]}/applications/quick/`,
    headers: writeHeaders,
    query: orderQuerySchema,
    body: hrQuickScreenBodySchema(form),
    responses: { 200: orderDryRunSchema, 201: hrApplicationSchema, ...problemResponses(400, 403, 409) },
    summary: 'Quick-screen an applicant',
    description:
      "Runs the requested checks at once from the body alone, without inviting the applicant. You must have the applicant's consent first. `information` must hold what the requested checks need (a missing piece answers 400 naming it). Poll the record until `status` is `Returned`.",
    metadata: metadata('HR applications', form === 'api' ? 'hrQuickScreen' : 'hrV1QuickScreen'),
  });
