import type { AdverseActionState, CheckName, EnumValue, adjudicationStatus } from '@svc/contract';
import { assertNever } from '../exhaustive.js';
import { checkDefinitionByName, type ResultField } from '../checks/catalogue.js';

type AdjudicationStatus = EnumValue<typeof adjudicationStatus>;

/**
 * The employer's decision on an applicant, as its latest adverse action states it: under way from the action until
 * the final notice (`PENDING`), made once the final notice went out (`DOES_NOT_MEET_REQUIREMENTS`), none when the
 * action was canceled. An applicant without an adverse action is `NONE`: svc records no other decision.
 */
export function adjudicationOfAdverseAction(state: AdverseActionState | null): AdjudicationStatus {
  switch (state) {
    case null:
    case 'canceled':
      return 'NONE';
    case 'pending':
    case 'awaiting_final':
    case 'disputed':
      return 'PENDING';
    case 'complete':
      return 'DOES_NOT_MEET_REQUIREMENTS';
    default:
      return assertNever(state);
  }
}

/** `adv_item_<execution uuid>_<n>` (see `adverseItemsOf`): the execution whose result holds the item. */
const ITEM_ID = /^adv_item_(.+)_\d+$/;

/**
 * The record's result fields holding the items an applicant disputes, while the dispute is open (the action is
 * `disputed`): a resolved dispute is over, whatever its outcome. Each item names the check execution it came from.
 */
export function disputedResultFields({
  state,
  disputedItemIds,
  executions,
}: {
  state: AdverseActionState | null;
  disputedItemIds: readonly string[];
  executions: ReadonlyArray<{ id: string; checkName: string }>;
}): ResultField[] {
  if (state !== 'disputed') return [];
  const checkOf = new Map(executions.map((execution) => [execution.id, execution.checkName as CheckName]));
  const fields = disputedItemIds.flatMap((itemId) => {
    const checkName = checkOf.get(ITEM_ID.exec(itemId)?.[1] ?? '');
    return checkName ? [checkDefinitionByName(checkName).resultField] : [];
  });
  return [...new Set(fields)];
}
