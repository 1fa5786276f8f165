import type { Package as PackageRecord, PackageSettings } from '@svc/contract';
import type { Package } from '@svc/db/entities';

/** A package as the contract's Package record. */
export function presentPackage(found: Package): PackageRecord {
  return {
    id: found.id,
    name: found.name,
    superteam: found.superteamId,
    team: found.teamId,
    request_flags: found.requestFlags as PackageRecord['request_flags'],
    settings: found.settings as PackageSettings,
    is_default: found.isDefault,
  };
}
