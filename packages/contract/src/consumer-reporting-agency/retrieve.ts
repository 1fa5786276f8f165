import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { consumerReportingAgencySchema } from '../schemas/consumer-reporting-agency.js';

export const CONSUMER_REPORTING_AGENCY_TAG = 'Consumer reporting agency';

export const retrieveConsumerReportingAgency = c.query({
  method: 'GET',
  path: '/api/v1/consumer-reporting-agency/',
  responses: { 200: consumerReportingAgencySchema, ...problemResponses(403) },
  summary: 'Retrieve the consumer reporting agency',
  description:
    'The agency the partner’s notices and reports name (“prepared by <agency> for <organisation>”), with the postal address, phone and website every adverse-action notice prints. A partner-admin key (live or demo) reads it.',
  metadata: metadata(CONSUMER_REPORTING_AGENCY_TAG, 'retrieveConsumerReportingAgency'),
});
