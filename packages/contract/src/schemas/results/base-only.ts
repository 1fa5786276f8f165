import { z } from 'zod';
import { baseResultSchema } from './common.js';

/** Results shown only as base results: information, behavioural, RCMP, social media and SOQUIJ checks. */

export const informationResultSchema = baseResultSchema.describe(
  'Result of the review of the information the applicant gave (consistency, completeness).',
);
export type InformationResult = z.infer<typeof informationResultSchema>;

export const behaviouralResultSchema = baseResultSchema.describe('Result of the behavioural assessment.');
export type BehaviouralResult = z.infer<typeof behaviouralResultSchema>;

export const rcmpResultSchema = baseResultSchema.describe(
  'Result of the Canadian criminal record check (RCMP national repository): standard, enhanced or vulnerable sector.',
);
export type RcmpResult = z.infer<typeof rcmpResultSchema>;

export const socialMediaCheckResultSchema = baseResultSchema.describe('Result of the social media check.');
export type SocialMediaCheckResult = z.infer<typeof socialMediaCheckResultSchema>;

export const soquijResultSchema = baseResultSchema.describe('Result of the SOQUIJ search (Québec court decisions).');
export type SoquijResult = z.infer<typeof soquijResultSchema>;
