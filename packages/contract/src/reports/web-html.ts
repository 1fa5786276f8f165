import { applicantIdParams, c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { REPORT_PATHS, REPORT_TAGS } from './report-route.js';

export const reportWebHtml = c.query({
  method: 'GET',
  path: REPORT_PATHS.v2.web,
  pathParams: applicantIdParams,
  responses: {
    200: c.otherResponse({ contentType: 'text/html', body: c.type<string>() }),
    ...problemResponses(404, 409, 410),
  },
  summary: 'Get the HTML report page',
  description:
    'The report as the HTML page itself (`text/html`), as the original service answered this path; the `/api/v1` forms answer `{html}`. Asked for before `status` is `Returned`: 409 `application_processing`; of an erased applicant: 410 `applicant_erased`.',
  metadata: metadata(REPORT_TAGS.v2, 'pmV2ReportWeb'),
});
