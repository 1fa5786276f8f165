import { applicantIdParams, c, metadata, PM_DEPRECATION } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { operationIdPrefix, REPORT_PATHS, REPORT_TAGS, reportHtmlSchema, type ReportForm } from './report-route.js';

export const reportWeb = <F extends ReportForm>(form: F) =>
  c.query({
    method: 'GET',
    path: REPORT_PATHS[form].web as (typeof REPORT_PATHS)[F]['web'],
    pathParams: applicantIdParams,
    responses: { 200: reportHtmlSchema, ...problemResponses(404, 409, 410) },
    summary: 'Get the HTML report',
    description: `The report as one self-contained HTML document, the same one the PDF is printed from. Asked for before \`status\` is \`Returned\`: 409 \`application_processing\`; of an erased applicant: 410 \`applicant_erased\`.${form === 'pm' ? `\n\n${PM_DEPRECATION}` : ''}`,
    deprecated: form === 'pm',
    metadata: metadata(REPORT_TAGS[form], `${operationIdPrefix(form)}ReportWeb`),
  });
