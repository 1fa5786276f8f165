import type { CheckName, EnumDefinition } from '@svc/contract';
import { CHECK_DISPLAY_NAMES, type CheckDisplayName } from '../checks/display-names.js';

/** The display text of an enum value, as the matching `*_label` field carries it. */
export function labelOf<V extends string, L extends string>(definition: EnumDefinition<V, L>, value: V): L {
  return definition.labels[value];
}

/** The display name of a check (`criminal_record_check` -> "Canadian criminal record check"). */
export const checkDisplayName = (checkName: CheckName): CheckDisplayName => CHECK_DISPLAY_NAMES[checkName];
