import { z } from 'zod';
import { ADMIN_VERSION_NOTE } from '../common/admin.js';
import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { referenceTemplateSchema } from '../schemas/reference-template.js';
import { teamIdParams } from './retrieve.js';

const templatesOf = <K extends 'address' | 'employer'>(kind: K) =>
  c.query({
    method: 'GET',
    path: `/api/v1/teams/:team_id/${kind}/reference_templates/` as `/api/v1/teams/:team_id/${K}/reference_templates/`,
    pathParams: teamIdParams,
    responses: {
      200: z.array(referenceTemplateSchema).describe(`The ${kind} reference templates of the team.`),
      ...problemResponses(403, 404),
    },
    summary: `List ${kind} reference templates`,
    description: `The questionnaires sent to ${kind === 'address' ? 'landlords (address references)' : 'employers (employer references)'} for this team. A team starts with a default template. ${ADMIN_VERSION_NOTE}`,
    metadata: metadata(
      'Teams',
      kind === 'address' ? 'listAddressReferenceTemplates' : 'listEmployerReferenceTemplates',
    ),
  });

export const listAddressReferenceTemplates = templatesOf('address');
export const listEmployerReferenceTemplates = templatesOf('employer');
