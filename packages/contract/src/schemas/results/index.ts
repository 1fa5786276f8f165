import { z } from 'zod';
import {
  behaviouralResultSchema,
  informationResultSchema,
  rcmpResultSchema,
  socialMediaCheckResultSchema,
  soquijResultSchema,
} from './base-only.js';
import { bureauResultSchema } from './bureau.js';
import {
  australianCriminalIntelligenceCommissionCheckResultSchema,
  ukBasicDbsCheckResultSchema,
  ukBasicDsCheckResultSchema,
} from './certificates.js';
import { instantVerifyResultSchema } from './instant-verify.js';
import { internationalCriminalRecordCheckResultSchema } from './international-criminal-record-check.js';
import { motorVehicleRecordResultSchema } from './motor-vehicle-record.js';
import { referenceResultSchema } from './references.js';
import { rightToWorkResultSchema, ukRightToWorkCheckResultSchema } from './right-to-work.js';
import { riskResultSchema } from './risk.js';
import { usCriminalRecordCheckResultSchema } from './us-criminal-record-check.js';
import { vaccinationCheckResultSchema } from './vaccination.js';
import { verificationResultSchema } from './verification.js';

/** The result objects of an application record, one file per check family, and the record's result fields. */

export {
  baseResultSchema,
  personNameSchema,
  resultAddressSchema,
  type BaseResult,
  type PersonName,
  type ResultAddress,
} from './common.js';
export * from './criminal-cases.js';
export * from './risk.js';
export * from './us-criminal-record-check.js';
export * from './bureau.js';
export * from './verification.js';
export * from './instant-verify.js';
export * from './identity-verification.js';
export * from './base-only.js';
export * from './international-criminal-record-check.js';
export * from './motor-vehicle-record.js';
export * from './references.js';
export * from './certificates.js';
export * from './right-to-work.js';
export * from './vaccination.js';

// Result field of the application record -> its schema

export const resultSchemasByField = {
  reference_result: referenceResultSchema,
  information_result: informationResultSchema,
  risk_result: riskResultSchema,
  bureau_result: bureauResultSchema,
  rcmp_result: rcmpResultSchema,
  international_criminal_record_check_result: internationalCriminalRecordCheckResultSchema,
  motor_vehicle_record_result: motorVehicleRecordResultSchema,
  us_criminal_record_check_result: usCriminalRecordCheckResultSchema,
  verification_result: verificationResultSchema,
  behavioural_result: behaviouralResultSchema,
  instant_verify_result: instantVerifyResultSchema,
  social_media_check_result: socialMediaCheckResultSchema,
  soquij_result: soquijResultSchema,
  uk_basic_dbs_check_result: ukBasicDbsCheckResultSchema,
  uk_basic_ds_check_result: ukBasicDsCheckResultSchema,
  uk_right_to_work_check_result: ukRightToWorkCheckResultSchema,
  vaccination_check_result: vaccinationCheckResultSchema,
  right_to_work_result: rightToWorkResultSchema,
  australian_criminal_intelligence_commission_check_result: australianCriminalIntelligenceCommissionCheckResultSchema,
} as const satisfies Record<string, z.ZodTypeAny>;

/** A field of the application record holding a result object (`risk_result`, …): a key of `resultSchemasByField`. */
export type ResultObjectField = keyof typeof resultSchemasByField;

/** Every result object field, in record order. */
export const RESULT_OBJECT_FIELDS = Object.keys(resultSchemasByField) as ResultObjectField[];
