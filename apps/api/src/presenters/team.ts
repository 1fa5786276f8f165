import type { Team } from '@svc/db/entities';
/** A team as the contract's Team record. */
export function presentTeam(team: Team) {
  return {
    id: team.id,
    name: team.name,
    superteam: team.superteamId,
    type: team.type,
    pre_pay: team.prePay,
    street_address: team.streetAddress,
    city: team.city,
    postal_code: team.postalCode,
    province_state: team.provinceState,
    other_province_state: team.otherProvinceState,
    country: team.country as 'CA' | 'US' | 'GB' | 'AU',
    accounting_first_name: team.accountingFirstName,
    accounting_last_name: team.accountingLastName,
    accounting_email: team.accountingEmail,
    accounting_email_cc: team.accountingEmailCc,
  };
}

/** A team in a list: the Team record without `type` (document 2). */
export function presentTeamListItem(team: Team) {
  const { type: _type, ...item } = presentTeam(team);
  return item;
}
