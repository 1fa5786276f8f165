import { c, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import {
  consumerReportingAgencyBodySchema,
  consumerReportingAgencySchema,
} from '../schemas/consumer-reporting-agency.js';
import { CONSUMER_REPORTING_AGENCY_TAG } from './retrieve.js';

export const replaceConsumerReportingAgency = c.mutation({
  method: 'PUT',
  path: '/api/v1/consumer-reporting-agency/',
  headers: writeHeaders,
  body: consumerReportingAgencyBodySchema,
  responses: { 200: consumerReportingAgencySchema, ...problemResponses(400, 403) },
  summary: 'Set the consumer reporting agency',
  description:
    'Sets the agency’s name, postal address, phone and website, all four (a whole replacement). Required before a live adverse action (until then it answers 403 `agency_not_configured`): the notices name the agency with these details, and they and the reports say “prepared by <agency> for <organisation>”. A partner-admin live key; a demo key reads it but does not change it (403 `forbidden_in_demo`). Notices sent after the change use it.',
  metadata: metadata(CONSUMER_REPORTING_AGENCY_TAG, 'replaceConsumerReportingAgency'),
});
