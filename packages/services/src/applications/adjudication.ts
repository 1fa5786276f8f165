import { adjudicationStatus, type HrApplicantListItem } from '@svc/contract';
import { adjudicationOfAdverseAction, disputedResultFields, labelOf, type ResultField } from '@svc/domain';
import type { ApplicantListRow } from './list-applicants.js';

/** The employer's decision on an applicant and its display text, as a list item shows them. */
export type Adjudication = {
  status: HrApplicantListItem['adjudication_status'];
  label: HrApplicantListItem['adjudication_status_label'];
};

/** The employer's decision: its latest adverse action's, else what is recorded (`NONE`). */
export function adjudicationOf({
  applicant,
  adverseAction,
}: Pick<ApplicantListRow, 'applicant' | 'adverseAction'>): Adjudication {
  const status = adverseAction
    ? adjudicationOfAdverseAction(adverseAction.state)
    : (applicant.adjudicationStatus as Adjudication['status']);
  return { status, label: labelOf(adjudicationStatus, status) };
}

/** The result fields holding what the applicant disputes while the dispute of its latest adverse action is open. */
export const disputedResultsOf = ({
  adverseAction,
  executions,
}: Pick<ApplicantListRow, 'adverseAction' | 'executions'>): ResultField[] =>
  disputedResultFields({
    state: adverseAction?.state ?? null,
    disputedItemIds: adverseAction?.disputeItemIds ?? [],
    executions,
  });
