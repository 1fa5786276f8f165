import { applicationStatus, type HrApplication } from '@svc/contract';
import { labelOf } from '@svc/domain';
import type { Applicant } from '@svc/db/entities';

/** The record's `status_label`: the display text of the applicant's status. */
export const statusLabelOf = (applicant: Pick<Applicant, 'status'>): HrApplication['status_label'] =>
  labelOf(applicationStatus, applicant.status);
