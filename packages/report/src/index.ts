/** `@svc/report`: report view-model -> self-contained printable HTML. The renderer arrives with the reports issue. */
export const REPORT_PACKAGE = '@svc/report';
