import { z } from 'zod';
import { HR_PREFIXES } from '../common/contract.js';

/**
 * Where the reports of each client type live. HR reports answer under both HR prefixes. Every path ends with a slash,
 * as its siblings do; each also answers without it (the seeds spell two PM paths so).
 */
export const REPORT_PATHS = {
  api: {
    pdf: `${HR_PREFIXES.api}/reports/:applicant_id/pdf/`,
    link: `${HR_PREFIXES.api}/reports/:applicant_id/link/`,
    web: `${HR_PREFIXES.api}/reports/:applicant_id/web/`,
  },
  hr: {
    pdf: `${HR_PREFIXES.hr}/reports/:applicant_id/pdf/`,
    link: `${HR_PREFIXES.hr}/reports/:applicant_id/link/`,
    web: `${HR_PREFIXES.hr}/reports/:applicant_id/web/`,
  },
  pm: {
    pdf: '/api/v1/pm/reports/:applicant_id/pdf/',
    link: '/api/v1/pm/reports/:applicant_id/link/',
    web: '/api/v1/pm/reports/:applicant_id/web/',
  },
  v2: {
    pdf: '/api/v2/reports/:applicant_id/pdf/',
    link: '/api/v2/reports/:applicant_id/link/',
    web: '/api/v2/reports/:applicant_id/web/',
  },
} as const;
export type ReportForm = keyof typeof REPORT_PATHS;

export const REPORT_TAGS: Record<ReportForm, string> = {
  api: 'HR reports',
  hr: 'HR reports',
  pm: 'PM reports',
  v2: 'PM reports',
};
export const operationIdPrefix = (form: ReportForm) => ({ api: 'hr', hr: 'hrV1', pm: 'pm', v2: 'pmV2' })[form];

export const reportLinkSchema = z
  .object({
    report_url: z
      .string()
      .url()
      .describe(
        'Absolute URL of the PDF report. It needs no API key and is valid for one hour: afterwards it answers 410.',
      ),
  })
  .describe('A hosted PDF link.');

export const reportHtmlSchema = z
  .object({
    html: z.string().describe('The report as one self-contained HTML document (styles inline, no external resources).'),
  })
  .describe('The report as HTML.');
