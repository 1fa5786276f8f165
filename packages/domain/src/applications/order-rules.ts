import { REQUEST_FLAGS, type RequestFlag } from '@svc/contract';
import { appliesToTeamType, checkDefinition, type TeamType } from '../checks/catalogue.js';
import type { MissingInformation } from '../checks/information-requirements.js';

/** A flag refused by the owner's team: not enabled in its settings_config, or not a check of its kind at all. */
export type RefusedFlag = { flag: RequestFlag; reason: 'not_enabled' | 'not_applicable' };

/** Why an order (invite, quick screen, upgrade, submission) was refused; nothing was written. The API maps each code. */
export type OrderRefusal =
  | { code: 'invalid_owner' }
  | { code: 'invalid_listing' }
  /** `package_id` is not a package of the owner's team in the key's environment, or orders nothing. */
  | { code: 'invalid_package' }
  | { code: 'check_not_enabled'; flags: RefusedFlag[] }
  /** Live only: no provider is configured for these checks (and live simulation is off). */
  | { code: 'provider_not_configured'; flags: RequestFlag[] }
  | { code: 'missing_information'; missing: MissingInformation[] }
  /**
   * An upgrade's `information` gives these fields (`information.<field>`) a value other than the one recorded, or
   * would make these lists longer than allowed.
   */
  | { code: 'information_conflict'; fields: InformationConflict[] }
  | { code: 'not_found' }
  | { code: 'link_expired' }
  /** The applicant was deleted and their personal data erased. */
  | { code: 'applicant_erased' }
  /** Another order of the owner's team (same environment) has this `external_id`. */
  | { code: 'external_id_taken' }
  /** The application was cancelled (or its invitation withdrawn): nothing more runs for it. */
  | { code: 'application_cancelled' }
  | { code: 'application_processing' | 'no_new_checks' | 'already_submitted'; message: string };

export type InformationConflict = { path: string; reason: 'recorded_value_differs' | 'too_many_entries' };

export type OrderOutcome<T> = { ok: true; value: T } | { ok: false; refusal: OrderRefusal };
export const refuse = <T>(refusal: OrderRefusal): OrderOutcome<T> => ({ ok: false, refusal });

/** The flags held by an applicant (stored as strings), in catalogue order. */
export function storedFlags(flags: readonly string[]): RequestFlag[] {
  const held = new Set(flags);
  return REQUEST_FLAGS.filter((flag) => held.has(flag));
}

/** What the rules need of the ordering team: its kind and which checks its settings enable. */
export type OrderingTeam = { type: TeamType; settingsConfig: Readonly<Record<string, unknown>> };

/** The flags the team may not order: each not applicable to its kind, or not enabled in its settings_config. */
export function refusedFlags({ team, flags }: { team: OrderingTeam; flags: readonly RequestFlag[] }): RefusedFlag[] {
  return flags.flatMap((flag): RefusedFlag[] => {
    if (!appliesToTeamType(checkDefinition(flag), team.type)) return [{ flag, reason: 'not_applicable' }];
    return team.settingsConfig[flag] === true ? [] : [{ flag, reason: 'not_enabled' }];
  });
}
