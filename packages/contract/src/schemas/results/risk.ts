import { z } from 'zod';
import { overallScore } from '../../common/enums.js';
import { uuid } from '../../common/primitives.js';
import {
  baseResultSchema,
  datedAddressSchema,
  describeEnum,
  nullableText,
  personNameSchema,
  reportedDate,
  textList,
} from './common.js';
import { criminalCaseSchema } from './criminal-cases.js';

/** The softcheck (`risk_result`): criminal identities and risk evaluations. */

export const criminalAlertSchema = z
  .object({
    parent_category: nullableText('Code of the broad category of the alert (for example sanctions, watch list).'),
    category: nullableText('Category of the alert within its parent category.'),
    stage: nullableText('Stage of the matter (for example charged, convicted, wanted).'),
    type: nullableText('Kind of alert.'),
    description: nullableText('What the alert says.'),
    date: reportedDate('Date of the alert.'),
    parent_category_label: nullableText('Display text of `parent_category`.'),
  })
  .describe('An alert (watch list, sanctions, wanted notice, …) linked to a criminal identity.');
export type CriminalAlert = z.infer<typeof criminalAlertSchema>;

export const criminalSourceSchema = z
  .object({
    name: nullableText('Name of the source.'),
    url: nullableText('Web address of the source, when it has one.'),
    date: reportedDate('Publication date.'),
    format: nullableText('Format of the source (for example news article, court record, registry).'),
    headline: nullableText('Headline or title.'),
    publication_source: nullableText('Publication the item appeared in.'),
    publisher: nullableText('Publisher of the source.'),
  })
  .describe('A public source (news item, registry, record) supporting a criminal identity.');
export type CriminalSource = z.infer<typeof criminalSourceSchema>;

export const criminalAddressSchema = datedAddressSchema.describe(
  'An address linked to a criminal identity, with the period the source links it to the person.',
);
export type CriminalAddress = z.infer<typeof criminalAddressSchema>;

export const criminalAdditionalInformationSchema = z
  .object({
    aliases: textList('Other names the person is recorded under.'),
    dates_of_birth: textList('Dates of birth recorded for the person, each an ISO 8601 date (YYYY-MM-DD).'),
    name: personNameSchema,
  })
  .describe('Identifying details of a criminal identity: names, aliases, dates of birth.');
export type CriminalAdditionalInformation = z.infer<typeof criminalAdditionalInformationSchema>;

export const criminalIdentitySchema = z
  .object({
    criminal_cases: z.array(criminalCaseSchema).describe('Cases recorded against this identity.'),
    criminal_alerts: z.array(criminalAlertSchema).describe('Alerts recorded against this identity.'),
    criminal_sources: z.array(criminalSourceSchema).describe('Sources that mention this identity.'),
    criminal_addresses: z.array(criminalAddressSchema).describe('Addresses linked to this identity.'),
    criminal_additional_informations: z
      .array(criminalAdditionalInformationSchema)
      .describe('Names, aliases and dates of birth of this identity.'),
  })
  .describe('A person found in criminal and watch-list sources who may be the applicant.');
export type CriminalIdentity = z.infer<typeof criminalIdentitySchema>;

export const matchConfidenceLabelSchema = z
  .enum(['Low', 'Medium', 'High'])
  .describe('Display text of `confidence`: `Low` (below 50), `Medium` (50–79), `High` (80 and above).');

export const criminalResultSchema = z
  .object({
    confidence: z
      .number()
      .min(0)
      .max(100)
      .describe(
        'Confidence (0–100) that the criminal identity is the applicant, from matching names, dates of birth and addresses.',
      ),
    confidence_label: matchConfidenceLabelSchema,
    overall_score: describeEnum(overallScore.schema, 'Score of this possible match.'),
    criminal_identity: criminalIdentitySchema,
  })
  .describe('A possible match between the applicant and a criminal identity.');
export type CriminalResult = z.infer<typeof criminalResultSchema>;

/** Decision: the seeds show `risk_information_result` only as "object"; it carries the score part of a base result. */
export const riskInformationResultSchema = baseResultSchema
  .pick({ overall_score: true, overall_score_label: true, red_flags: true, green_flags: true })
  .describe('Risk found in the identity information itself (for example an inconsistent name or date of birth).');
export type RiskInformationResult = z.infer<typeof riskInformationResultSchema>;

export const riskEvaluationSchema = z
  .object({
    id: uuid().describe('Identifier of this risk evaluation.'),
    overall_score: describeEnum(overallScore.schema, 'Score of this evaluation.'),
    risk_information_result: riskInformationResultSchema,
    criminal_results: z
      .array(criminalResultSchema)
      .describe('Possible criminal matches, most confident first; empty when nothing matched.'),
  })
  .describe('One risk evaluation of the applicant’s identity against criminal and watch-list sources.');
export type RiskEvaluation = z.infer<typeof riskEvaluationSchema>;

export const riskResultSchema = baseResultSchema
  .extend({
    risk_evaluations: z.array(riskEvaluationSchema).describe('Risk evaluations run for the applicant.'),
  })
  .describe('Result of the risk (softcheck) screen: criminal records, watch lists and public sources.');
export type RiskResult = z.infer<typeof riskResultSchema>;
