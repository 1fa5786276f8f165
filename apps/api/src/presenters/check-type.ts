import { informationJsonSchema, type CheckType } from '@svc/contract';
import { informationFieldOf, type CheckRegion } from '@svc/domain';
import type { CheckTypeEntry } from '@svc/services';

/** The countries of a region: one country's code, or none for a check tied to no country or to several. */
const countriesOf = (region: CheckRegion): string[] | null => (region === 'ANY' || region === 'INTL' ? null : [region]);

export function presentCheckType({ definition, enabled, provider, turnaround }: CheckTypeEntry, now: Date): CheckType {
  return {
    request_flag: definition.flag,
    check_name: definition.checkName,
    name: definition.displayName,
    description: definition.description,
    countries: countriesOf(definition.region),
    region: definition.region,
    enabled,
    provider,
    information_schema: informationJsonSchema({
      required: definition.requiredInformation.map((requirement) => ({
        field: informationFieldOf(requirement),
        kind: requirement.kind,
      })),
      now,
    }),
    required_information: definition.requiredInformation.map((requirement) => requirement.path),
    documents: [...definition.documents],
    turnaround: {
      p50_seconds: turnaround.p50Seconds,
      p90_seconds: turnaround.p90Seconds,
      samples: turnaround.samples,
      window_days: turnaround.windowDays,
      basis: turnaround.basis,
    },
  };
}
