/** Document 2 (DESIGN.md section 4): superteams, teams and users need the partner's API version >= 1.1.0. */
export const ADMIN_VERSION_NOTE =
  'Available to partners on API version 1.1.0 or later (others: 403 `api_version_unsupported`), with a partner-admin key; writes need its live key (a demo key: 403 `forbidden_in_demo`).';
export const PARTNER_ADMIN_NOTE = 'Needs a partner-admin key (others: 403 `forbidden`).';
