/** `@svc/docs`: the static documentation site generated from `@svc/contract`. */
export const DOCS_PACKAGE = '@svc/docs';
export { buildSite, listGuides, siteDirectory, type BuildResult } from './build-site.js';
export { listOperations, type Operation } from './operations.js';
export { exampleFor } from './example-generator.js';
export { WORKED_EXAMPLE_APPLICANTS, WORKED_EXAMPLE_CHECKS, workedExample } from './guides/scoring.js';
export { COMPUTED_RESULT_FIELDS } from './example-scores.js';
