import { applicantIdParams, c, metadata, PM_DEPRECATION } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { operationIdPrefix, REPORT_PATHS, REPORT_TAGS, type ReportForm } from './report-route.js';

export const reportPdf = <F extends ReportForm>(form: F) =>
  c.query({
    method: 'GET',
    path: REPORT_PATHS[form].pdf as (typeof REPORT_PATHS)[F]['pdf'],
    pathParams: applicantIdParams,
    responses: {
      200: c.otherResponse({ contentType: 'application/pdf', body: c.type<Blob>() }),
      ...problemResponses(404, 409, 410),
    },
    summary: 'Download the PDF report',
    description: `The report as a PDF file (\`application/pdf\`, A4 or Letter by country). Asked for before \`status\` is \`Returned\`: 409 \`application_processing\`; of an erased applicant: 410 \`applicant_erased\`.${form === 'pm' ? `\n\n${PM_DEPRECATION}` : ''}`,
    deprecated: form === 'pm',
    metadata: metadata(REPORT_TAGS[form], `${operationIdPrefix(form)}ReportPdf`),
  });
