/** `@svc/docs`: the static reference site generated from `@svc/contract`. It arrives with the documentation issue. */
export const DOCS_PACKAGE = '@svc/docs';
