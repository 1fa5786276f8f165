import {
  CHECK_DEFINITIONS,
  appliesToTeamType,
  providerKindFor,
  type CheckDefinition,
  type ProviderRouting,
} from '@svc/domain';
import { type DataScope, type DbHandle, managerOf, queryRows } from '@svc/db';
import { Team } from '@svc/db/entities';
import { TURNAROUND_MIN_SAMPLES, TURNAROUND_WINDOW_DAYS } from '../checks/refresh-turnarounds.js';

export type CheckTurnaround = {
  p50Seconds: number | null;
  p90Seconds: number | null;
  samples: number;
  windowDays: number;
  basis: 'measured' | 'too_few_samples' | 'no_provider';
};

export type CheckTypeEntry = {
  definition: CheckDefinition;
  enabled: boolean;
  provider: ReturnType<typeof providerKindFor>;
  turnaround: CheckTurnaround;
};

type Measurement = { check_name: string; provider: string; p50: number; p90: number; samples: number };

/**
 * How long each check of each provider took from queued to complete, over the account's checks of this environment
 * that finished in the window: svc's own measurements, the only figures the catalogue gives.
 */
async function measuredTurnarounds(handle: DbHandle, { scope, now }: { scope: DataScope; now: Date }) {
  const rows = await queryRows<Measurement>(
    managerOf(handle),
    `SELECT e.check_name, e.provider, count(*)::int AS samples,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM e.finished_at - e.queued_at)) AS p50,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM e.finished_at - e.queued_at)) AS p90
       FROM check_executions e JOIN applicants a ON a.id = e.applicant_id
      WHERE e.partner_id = $1 AND a.environment = $2 AND e.status = 'COMPLETE' AND e.queued_at IS NOT NULL
        AND e.finished_at >= $3::timestamptz - make_interval(days => $4)
      GROUP BY e.check_name, e.provider`,
    [scope.partnerId, scope.environment, now, TURNAROUND_WINDOW_DAYS],
  );
  return new Map(rows.map((row) => [`${row.check_name} ${row.provider}`, row]));
}

function turnaroundOf(measurement: Measurement | undefined, provider: CheckTypeEntry['provider']): CheckTurnaround {
  const windowDays = TURNAROUND_WINDOW_DAYS;
  if (!provider) return { p50Seconds: null, p90Seconds: null, samples: 0, windowDays, basis: 'no_provider' };
  const samples = measurement?.samples ?? 0;
  if (!measurement || samples < TURNAROUND_MIN_SAMPLES)
    return { p50Seconds: null, p90Seconds: null, samples, windowDays, basis: 'too_few_samples' };
  const seconds = (value: number) => Math.round(Number(value) * 10) / 10;
  return {
    p50Seconds: seconds(measurement.p50),
    p90Seconds: seconds(measurement.p90),
    samples,
    windowDays,
    basis: 'measured',
  };
}

/**
 * The checks a team can order (every check of its kind, in catalogue order), each with whether its settings enable
 * it, who runs it in the scope's environment and its measured turnaround. The team is `teamId` when given, else the
 * caller's own team (`ownTeamId`); it must be a team of the partner, and the scope's team for a team user. Null when
 * it is not (the API answers 404).
 */
export async function listCheckTypes(
  handle: DbHandle,
  {
    scope,
    teamId,
    ownTeamId,
    providers,
    now,
  }: { scope: DataScope; teamId: string | undefined; ownTeamId: string; providers: ProviderRouting; now: Date },
): Promise<{ team: Team; checks: CheckTypeEntry[] } | null> {
  const wanted = teamId ?? ownTeamId;
  if (scope.teamId !== undefined && wanted !== scope.teamId) return null;
  const team = await managerOf(handle).findOneBy(Team, { id: wanted, partnerId: scope.partnerId });
  if (!team) return null;
  const measurements = await measuredTurnarounds(handle, { scope, now });
  const checks = CHECK_DEFINITIONS.filter((definition) => appliesToTeamType(definition, team.type)).map(
    (definition): CheckTypeEntry => {
      const provider = providerKindFor(providers, scope.environment, definition.checkName);
      const measurement = provider ? measurements.get(`${definition.checkName} ${provider.name}`) : undefined;
      return {
        definition,
        enabled: team.settingsConfig[definition.flag] === true,
        provider,
        turnaround: turnaroundOf(measurement, provider),
      };
    },
  );
  return { team, checks };
}
