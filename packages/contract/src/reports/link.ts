import { applicantIdParams, c, metadata, PM_DEPRECATION } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { operationIdPrefix, REPORT_PATHS, REPORT_TAGS, reportLinkSchema, type ReportForm } from './report-route.js';

export const reportLink = <F extends ReportForm>(form: F) =>
  c.query({
    method: 'GET',
    path: REPORT_PATHS[form].link as (typeof REPORT_PATHS)[F]['link'],
    pathParams: applicantIdParams,
    responses: { 200: reportLinkSchema, ...problemResponses(404, 409, 410) },
    summary: 'Get a hosted PDF link',
    description: `A signed URL of the PDF report that anyone holding it can open for one hour, without an API key (afterwards: 410; altered: 404). Asked for before \`status\` is \`Returned\`: 409 \`application_processing\`; of an erased applicant: 410 \`applicant_erased\`.${form === 'pm' ? `\n\n${PM_DEPRECATION}` : ''}`,
    deprecated: form === 'pm',
    metadata: metadata(REPORT_TAGS[form], `${operationIdPrefix(form)}ReportLink`),
  });
