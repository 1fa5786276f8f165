import { z } from 'zod';
import { referenceTemplateType } from '../../common/enums.js';
import { baseResultSchema, describeEnum, nullableText, personNameSchema } from './common.js';

/** Address (landlord) and employer references (`reference_result`). */

export const referenceAnswerSchema = z
  .object({
    question: z.string().describe('Question of the reference template.'),
    answer: nullableText('The referee’s answer; null when left unanswered.'),
  })
  .describe('One answer of a referee.');
export type ReferenceAnswer = z.infer<typeof referenceAnswerSchema>;

export const referenceCheckSchema = z
  .object({
    name: personNameSchema,
    type: describeEnum(referenceTemplateType.schema, 'Kind of reference (landlord at an address, or employer).'),
    contacted_via: z.enum(['EMAIL', 'PHONE']).describe('How the referee was contacted: `EMAIL` or `PHONE`.'),
    completed: z.boolean().describe('Whether the referee completed the questionnaire.'),
    answers: z.array(referenceAnswerSchema).describe('Answers of the referee; empty until completed.'),
  })
  .describe('One reference contacted for the applicant.');
export type ReferenceCheck = z.infer<typeof referenceCheckSchema>;

export const referenceResultSchema = baseResultSchema
  .extend({
    references: z.array(referenceCheckSchema).describe('References contacted.'),
  })
  .describe('Result of the address (landlord) and employer reference checks.');
export type ReferenceResult = z.infer<typeof referenceResultSchema>;
