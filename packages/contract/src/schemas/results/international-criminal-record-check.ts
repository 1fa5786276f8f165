import { z } from 'zod';
import { checkResult, packageResultStatus } from '../../common/enums.js';
import { countryCode } from '../../common/primitives.js';
import { baseResultSchema, describeEnum } from './common.js';

/** The international criminal record check (`international_criminal_record_check_result`). */

export const internationalCriminalRecordCheckResultSchema = baseResultSchema
  .extend({
    countries: z
      .array(
        z
          .object({
            country: countryCode().describe('Country searched (ISO 3166-1 alpha-2).'),
            status: describeEnum(packageResultStatus.schema, 'Progress of the search in this country.'),
            result: describeEnum(checkResult.schema, 'Outcome in this country.'),
            result_label: checkResult.labelSchema,
          })
          .describe('Outcome of the search in one country.'),
      )
      .describe('One entry per country searched.'),
  })
  .describe('Result of the international criminal record check.');
export type InternationalCriminalRecordCheckResult = z.infer<typeof internationalCriminalRecordCheckResultSchema>;
