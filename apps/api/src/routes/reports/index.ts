import { contract } from '@svc/contract';
import type { AppRoute } from '@ts-rest/core';
import type { Deps } from '../../deps.js';
import { reportLink } from './link.js';
import { reportPdf } from './pdf.js';
import { reportWeb } from './web.js';
import { reportWebHtml } from './web-html.js';

const reportImplementation = (deps: Deps, kind: 'HR' | 'PM') => ({
  reportWeb: reportWeb(deps, kind),
  reportPdf: reportPdf(deps, kind),
  reportLink: reportLink(deps, kind),
});

const reportContract = <T extends { reportWeb: AppRoute; reportPdf: AppRoute; reportLink: AppRoute }>({
  reportWeb,
  reportPdf,
  reportLink,
}: T) => ({ reportWeb, reportPdf, reportLink });

/** The report operations of HR applicants in both path forms, and of PM applicants. */
export const reportRoutes = (deps: Deps) => [
  { contract: reportContract(contract.hr), implementation: reportImplementation(deps, 'HR') },
  { contract: reportContract(contract.hrV1), implementation: reportImplementation(deps, 'HR') },
  { contract: reportContract(contract.pm), implementation: reportImplementation(deps, 'PM') },
  {
    contract: {
      reportPdf: contract.pmV2.reportPdf,
      reportLink: contract.pmV2.reportLink,
      reportWeb: contract.pmV2.reportWeb,
    },
    implementation: {
      reportPdf: reportPdf(deps, 'PM'),
      reportLink: reportLink(deps, 'PM'),
      reportWeb: reportWebHtml(deps),
    },
  },
];
