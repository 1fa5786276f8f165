import { personalDataReadsOf } from '@svc/services';
import type { Request, Response } from 'express';
import { publicUrlOf, type Deps } from '../deps.js';
import { auditPersonalDataReads } from '../http/audit.js';
import { readOf } from '../http/read-cache.js';

/**
 * The answer of a read of applicants (a record, a list page) through the read cache, and, from memory too, the
 * applicants whose full SIN/SSN or date of birth it shows written to the audit log before it is sent.
 */
export async function answerApplicantRead<T extends object>(
  deps: Deps,
  {
    req,
    res,
    load,
    applicantsOf,
  }: {
    req: Pick<Request, 'originalUrl' | 'protocol' | 'get' | 'ip'>;
    res: Response;
    load: () => Promise<T>;
    /** The applicants the answer shows, each with its `information`. */
    applicantsOf: (body: T) => ReadonlyArray<{ id: string; information: object }>;
  },
): Promise<T> {
  const { body, personalData } = await deps.readCache.answer(
    req,
    res,
    readOf(req, res, publicUrlOf(deps, req)),
    load,
    (answer) => personalDataReadsOf(applicantsOf(answer)),
  );
  await auditPersonalDataReads(deps.db, { reads: personalData, request: req, response: res });
  return body;
}
