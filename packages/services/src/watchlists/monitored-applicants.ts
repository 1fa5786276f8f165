import { entityOfRow, queryRows, type Database } from '@svc/db';
import { APPLICANTS } from '../applications/sql.js';
import { readInformation, type StoredInformation } from '../applications/information.js';

/** An applicant whose watch-list screening is still active, with what it is screened on. */
export type MonitoredApplicant = {
  readonly id: string;
  readonly teamId: string;
  /** When it was ordered: its monitoring period runs from then. */
  readonly created: Date;
  /** The applicant's whole information, decrypted. Personal data: never log it. */
  readonly information: StoredInformation;
};

/**
 * A page of the applicants (ordered by id, after `after`) whose watch-list screening is still active: ordered on or
 * after `since`, consented (the applicant's consent in the portal, or a quick screen, whose consent the partner holds),
 * not erased nor cancelled, and whose softcheck was completed by one of `providers` (the built-in watchlist provider's names). The
 * caller applies each team's own monitoring period (`since` is the longest).
 */
export async function monitoredApplicantsPage(
  db: Database,
  {
    providers,
    since,
    after,
    limit,
  }: { providers: readonly string[]; since: Date; after: string | null; limit: number },
): Promise<MonitoredApplicant[]> {
  const rows = await queryRows<{ a: Record<string, unknown> }>(
    db,
    `SELECT to_json(a) AS a FROM applicants a
      WHERE ($1::uuid IS NULL OR a.id > $1::uuid) AND a.status NOT IN ('Erased', 'Cancelled') AND a.erased_at IS NULL
        AND a.created >= $2 AND (a.is_quick_screen OR a.consent IS NOT NULL)
        AND EXISTS (SELECT 1 FROM check_executions e
                     WHERE e.applicant_id = a.id AND e.check_name = 'softcheck' AND e.status = 'COMPLETE'
                       AND e.provider = ANY($3::text[]))
      ORDER BY a.id LIMIT $4`,
    [after, since, providers, limit],
  );
  return rows.map((row) => {
    const applicant = entityOfRow(APPLICANTS, row.a);
    return {
      id: applicant.id,
      teamId: applicant.teamId,
      created: applicant.created,
      information: readInformation(applicant),
    };
  });
}
