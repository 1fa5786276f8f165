import { z } from 'zod';
import { questionType, referenceTemplateType } from '../common/enums.js';

export const referenceQuestionSchema = z
  .object({
    id: z.string().describe('Identifier of the question.'),
    index: z.number().int().describe('Position of the question in the template, from 0.'),
    question: z.string().describe('Text of the question.'),
    type: questionType.schema,
    multiple_choice_options: z.array(z.string()).describe('Options of a multiple-choice question (empty otherwise).'),
    multiple_choice_correct_option: z.string().nullable().describe('Option that counts as a positive answer, if any.'),
    is_verifiable: z.boolean().describe('Whether the answer can be checked against other sources.'),
    is_required: z.boolean().describe('Whether the referee must answer.'),
  })
  .describe('A question asked to a referee.');

export const referenceTemplateSchema = z
  .object({
    id: z.string().describe('Identifier of the template.'),
    name: z.string().describe('Name of the template.'),
    version: z.string().describe('Version of the template.'),
    description: z.string().describe('What the template is for.'),
    type: referenceTemplateType.schema,
    questions: z.array(referenceQuestionSchema).describe('The questions, in order.'),
  })
  .describe('A reference questionnaire (address or employer).');
export type ReferenceTemplate = z.infer<typeof referenceTemplateSchema>;
