import type { Superteam } from '@svc/db/entities';
/** A superteam as the contract's Superteam record. */
export function presentSuperteam(superteam: Superteam) {
  return {
    id: superteam.id,
    name: superteam.name,
    is_secure_sms_enabled: superteam.isSecureSmsEnabled,
    is_report_id_enabled: superteam.isReportIdEnabled,
    street_address: superteam.streetAddress,
    city: superteam.city,
    postal_code: superteam.postalCode,
    province_state: superteam.provinceState,
    other_province_state: superteam.otherProvinceState,
    country: superteam.country as 'CA' | 'US' | 'GB' | 'AU',
  };
}

/** The update answers with the seed's account shape, in a one-element array. */
export function presentSuperteamAccount({
  superteam,
  activeUserCount,
  teamTypes,
}: {
  superteam: Superteam;
  activeUserCount: number;
  teamTypes: Array<'HR' | 'PM'>;
}) {
  return [
    {
      id: superteam.id,
      name: superteam.name,
      business_number: null,
      accounting_first_name: null,
      accounting_last_name: null,
      accounting_email: null,
      team_first_name: null,
      team_last_name: null,
      team_email: null,
      team_phone_number: null,
      street_address: superteam.streetAddress,
      city: superteam.city,
      province_state: superteam.provinceState,
      country: superteam.country,
      postal_code: superteam.postalCode,
      website: null,
      industry: null,
      active_user_count: activeUserCount,
      internal_name: null,
      team_type: teamTypes.length === 1 ? (teamTypes[0] ?? null) : null,
    },
  ];
}
