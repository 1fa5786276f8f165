import type { z } from 'zod';
import type { applicantFilterShape } from '@svc/contract';
import type { ApplicantListFilters } from '@svc/services';

type FilterQuery = { [K in keyof typeof applicantFilterShape]?: z.infer<(typeof applicantFilterShape)[K]> };

const dateOf = (value: string | undefined) => (value === undefined ? undefined : new Date(value));

/** The list filters of an HR or PM applicant list's query, as the service takes them. */
export const applicantListFiltersOf = (query: FilterQuery): ApplicantListFilters => ({
  teamId: query.application__team__id?.toLowerCase(),
  ownerId: query.owner?.toLowerCase(),
  status: query.status,
  reportStatus: query.report_status,
  result: query.result,
  adjudicationStatus: query.adjudication_status,
  check: query.check,
  createdFrom: dateOf(query.created_after),
  createdBefore: dateOf(query.created_before),
  updatedFrom: dateOf(query.updated_after),
  updatedBefore: dateOf(query.updated_before),
  email: query.email,
  phone: query.phone,
  name: query.name,
  externalId: query.external_id,
});
