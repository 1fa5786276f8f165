/** Why a field of the portal form is refused. The message catalogue words each, in English and French. */
export const PORTAL_ERROR_CODES = [
  'required',
  'too_long',
  'invalid_character',
  'invalid_date',
  'date_in_future',
  'end_before_start',
  'implausible_birth_date',
  'invalid_email',
  'invalid_phone',
  'invalid_sin_ssn',
  'invalid_code',
  'history_too_short',
  'too_few_references',
  'consent_name_mismatch',
  'consent_date_not_today',
  'consent_not_given',
  'invalid_file_type',
] as const;
export type PortalErrorCode = (typeof PORTAL_ERROR_CODES)[number];

/**
 * One refused field. `field` is its path in the form (`identity.first_name`, `addresses.1.city`, or a section such
 * as `addresses` for a rule on the whole list): the page links the error summary to it.
 */
export type PortalFieldError = {
  readonly field: string;
  readonly code: PortalErrorCode;
  readonly params?: Readonly<Record<string, string | number>>;
};
