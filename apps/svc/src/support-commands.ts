// Support's commands (no public endpoint among the API's operations): let a team run a check, send an invitation
// again, set a user's password.
import { checkPublicUrl, type Config } from '@svc/api';
import { isRequestFlag } from '@svc/contract';
import { PASSWORD_PROBLEM_MESSAGES, passwordProblemOf } from '@svc/domain';
import {
  createJobQueue,
  enableCheckForTeam,
  findLoginCandidates,
  recordAudit,
  setUserPassword,
  pendingMigrations,
} from '@svc/db';
import { JOB_QUEUES, resendInvitation, type ResendRefusal } from '@svc/services';
import { openDatabase, prepareEncryption, prepareEncryptionIfConfigured } from './database.js';

export const SUPPORT_USAGE = `  team enable-check <team_id> <flag>   let a team run a check (support only; no public endpoint)
  applicant resend-invitation <applicant_id>   send an applicant's invitation again, when can_resend_email allows it
  user set-password <email> [--partner <partner_id>]   set a user's password, read from standard input (one line)`;

type Output = { out(text: string): void };

async function enableCheck(config: Config, [teamId, flag]: string[], output: Output): Promise<void> {
  if (!teamId || !flag) throw new Error('usage: svc team enable-check <team_id> <flag>');
  const requestFlag = flag.startsWith('request_') ? flag : `request_${flag}`;
  if (!isRequestFlag(requestFlag)) throw new Error(`svc: ${flag} is not a request flag`);
  const db = await openDatabase(config);
  try {
    const found = /^[0-9a-f-]{36}$/i.test(teamId)
      ? await enableCheckForTeam(db.dataSource.manager, { teamId, flag: requestFlag })
      : null;
    if (!found) throw new Error(`svc: no team ${teamId}`);
    output.out(`team ${teamId} may now run ${requestFlag}`);
  } finally {
    await db.close();
  }
}

function resendRefusalMessage(applicantId: string, refusal: ResendRefusal): string {
  switch (refusal.code) {
    case 'not_found':
      return `svc: no applicant ${applicantId}`;
    case 'not_invited':
      return `svc: applicant ${applicantId} was quick-screened: there is no invitation to send`;
    case 'submitted':
      return `svc: applicant ${applicantId} has submitted the form already: there is nothing to send`;
    case 'too_soon':
      return `svc: the last invitation to applicant ${applicantId} is too recent; it can be sent again from ${refusal.availableAt.toISOString()}`;
    default:
      return refusal satisfies never;
  }
}

/**
 * Support: sends an applicant's invitation again (no public endpoint among the API's operations). The same link, valid
 * 30 days from now, in a new email (and SMS), delivered by the worker like the first. The link is not printed.
 */
async function resendInvitationCommand(config: Config, [applicantId]: string[], output: Output): Promise<void> {
  if (!applicantId) throw new Error('usage: svc applicant resend-invitation <applicant_id>');
  checkPublicUrl(config);
  await prepareEncryption(config);
  const db = await openDatabase(config);
  try {
    if ((await pendingMigrations(db)).length)
      throw new Error('svc: the database has pending migrations; run `pnpm svc migrate` first');
    const outcome = /^[0-9a-f-]{36}$/i.test(applicantId)
      ? await resendInvitation({
          db,
          jobs: await createJobQueue(db, { queues: JOB_QUEUES, supervise: false, schedule: false }),
          applicantId: applicantId.toLowerCase(),
          publicUrl: config.SVC_PUBLIC_URL ?? `http://localhost:${config.PORT}`,
          now: new Date(),
        })
      : ({ ok: false, refusal: { code: 'not_found' } } as const);
    if (!outcome.ok) throw new Error(resendRefusalMessage(applicantId, outcome.refusal));
    const channels = outcome.value.messages.map((message) => message.channel).join(' and ');
    output.out(`invitation of applicant ${applicantId} queued again (${channels}); its link works for 30 more days`);
  } finally {
    await db.close();
  }
}

/** All of standard input, without the line break that ends it. */
async function readPassword(input: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/**
 * Support: sets a user's password, read from standard input (never an argument: arguments show in process lists and
 * shell history), checked against the same rules as the set-password page. Ends the user's sessions and unused
 * set-password links; written to the audit log. An email used in several partners needs `--partner`.
 */
async function setPasswordCommand(
  config: Config,
  args: string[],
  { output, input }: { output: Output; input: NodeJS.ReadableStream },
): Promise<void> {
  const [email] = args;
  const partnerIndex = args.indexOf('--partner');
  const partnerId = partnerIndex >= 0 ? args[partnerIndex + 1]?.toLowerCase() : undefined;
  if (!email || email.startsWith('--') || (partnerIndex >= 0 && !partnerId))
    throw new Error('usage: svc user set-password <email> [--partner <partner_id>] (the password on standard input)');
  const password = await readPassword(input);
  const problem = passwordProblemOf(password);
  if (problem) throw new Error(`svc: the password ${PASSWORD_PROBLEM_MESSAGES[problem]}`);
  await prepareEncryptionIfConfigured(config);
  const db = await openDatabase(config);
  try {
    const manager = db.dataSource.manager;
    const users = (await findLoginCandidates(manager, email)).filter(
      (user) => partnerId === undefined || user.partnerId === partnerId,
    );
    if (users.length === 0)
      throw new Error(`svc: no user with the email ${email}${partnerId ? ` in partner ${partnerId}` : ''}`);
    if (users.length > 1)
      throw new Error(
        `svc: ${users.length} partners have a user with this email; add --partner with one of ${users.map((user) => user.partnerId).join(', ')}`,
      );
    const [user] = users as [(typeof users)[number]];
    await manager.transaction(async (transaction) => {
      await setUserPassword(transaction, { userId: user.userId, password, now: new Date() });
      await recordAudit(transaction, {
        partnerId: user.partnerId,
        environment: 'live',
        actorUserId: null,
        actorApiKeyId: null,
        action: 'password.set',
        subjectType: 'user',
        subjectId: user.userId,
        ipAddress: null,
        requestId: null,
      });
    });
    output.out(
      `password of user ${user.userId} set${user.isActive ? '' : ' (the user is inactive: they cannot log in until activated)'}; their sessions ended`,
    );
  } finally {
    await db.close();
  }
}

/** Runs `svc team|applicant|user …`; false when the arguments name no support command (the caller prints usage). */
export async function runSupportCommand(
  config: Config,
  [command, subcommand, ...args]: string[],
  { output, input }: { output: Output; input: NodeJS.ReadableStream },
): Promise<boolean> {
  if (command === 'team' && subcommand === 'enable-check') await enableCheck(config, args, output);
  else if (command === 'applicant' && subcommand === 'resend-invitation')
    await resendInvitationCommand(config, args, output);
  else if (command === 'user' && subcommand === 'set-password')
    await setPasswordCommand(config, args, { output, input });
  else return false;
  return true;
}
