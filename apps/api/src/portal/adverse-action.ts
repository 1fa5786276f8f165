import { findTeam } from '@svc/db';
import { fileAdverseDispute, findAdverseActionByToken, findAdverseNoticePdf, findReportContent } from '@svc/services';
import {
  escapeHtml,
  FCRA_SUMMARY_OF_RIGHTS,
  legalDocumentPath,
  organisationName,
  SIMULATION_BANDS_BY_LANGUAGE,
} from '@svc/domain';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { publicUrlOf, type Deps } from '../deps.js';
import { setLogRoute } from '../http/request-log.js';
import { isSameOrigin } from './post-form.js';
import { sendHtml, sendRefusal } from './responses.js';
import { portalPage } from './views/layout.js';
import { AdverseAction } from '@svc/db/entities';

/** Where an applicant reads an adverse action and disputes it: the link of the pre-adverse notice. */
export const ADVERSE_ACTION_PORTAL_PATH = '/adverse-action';

/** The most an explanation holds, in characters. */
const EXPLANATION_MAX = 5_000;

const TEXT = {
  en: {
    title: 'Your background check: notice before a decision',
    lead: (employer: string) =>
      `${employer} is considering a decision based in whole or in part on your background check report. Here are the notices, a copy of your report and your rights.`,
    documents: 'Documents',
    preNotice: 'Pre-adverse action notice (PDF)',
    finalNotice: 'Adverse action notice (PDF)',
    report: 'A copy of your report (PDF)',
    rights: 'A Summary of Your Rights Under the Fair Credit Reporting Act',
    dispute: 'Dispute an item',
    disputeHint:
      'If an item below is inaccurate or incomplete, choose it and explain why. The decision waits until your dispute is reviewed.',
    items: 'Items you dispute',
    explanation: 'Your explanation',
    explanationHint: `What is wrong, and what is right (at most ${EXPLANATION_MAX} characters).`,
    submit: 'Send my dispute',
    chooseItem: 'Choose at least one item.',
    explain: 'Write your explanation.',
    errorsTitle: 'There is a problem',
    disputed: 'Your dispute was received. The decision waits until it has been reviewed.',
    states: {
      pending: 'Your notice is being prepared.',
      awaiting_final: '',
      disputed: 'Your dispute was received. The decision waits until it has been reviewed.',
      complete:
        'The decision was made: the adverse action notice explains your rights, including a free copy of your report within 60 days and disputing its information with the agency.',
      canceled: 'This adverse action was canceled: no decision is being made on the basis of it.',
    },
  },
  fr: {
    title: 'Votre vérification d’antécédents : avis avant une décision',
    lead: (employer: string) =>
      `${employer} envisage une décision fondée en tout ou en partie sur votre rapport de vérification d’antécédents. Voici les avis, une copie de votre rapport et vos droits.`,
    documents: 'Documents',
    preNotice: 'Avis préalable à une décision défavorable (PDF)',
    finalNotice: 'Avis de décision défavorable (PDF)',
    report: 'Copie de votre rapport (PDF)',
    rights: 'A Summary of Your Rights Under the Fair Credit Reporting Act (résumé de vos droits)',
    dispute: 'Contester un élément',
    disputeHint:
      'Si un élément ci-dessous est inexact ou incomplet, choisissez-le et expliquez pourquoi. La décision attend l’examen de votre contestation.',
    items: 'Éléments contestés',
    explanation: 'Votre explication',
    explanationHint: `Ce qui est inexact, et ce qui est exact (au plus ${EXPLANATION_MAX} caractères).`,
    submit: 'Envoyer ma contestation',
    chooseItem: 'Choisissez au moins un élément.',
    explain: 'Écrivez votre explication.',
    errorsTitle: 'Il y a un problème',
    disputed: 'Votre contestation a été reçue. La décision attend son examen.',
    states: {
      pending: 'Votre avis est en préparation.',
      awaiting_final: '',
      disputed: 'Votre contestation a été reçue. La décision attend son examen.',
      complete:
        'La décision a été prise : l’avis de décision défavorable explique vos droits, dont une copie gratuite de votre rapport dans les 60 jours et la contestation de ses informations auprès de l’agence.',
      canceled: 'Cette démarche a été annulée : aucune décision n’est prise sur cette base.',
    },
  },
} as const;

type DisputeErrors = { items?: boolean; explanation?: boolean };

/** The page of an action: its documents, its state, and (while the waiting period runs) the dispute form. */
function actionPage({
  action,
  employer,
  base,
  summaryUrl,
  hasFinal,
  errors,
  explanation,
  chosen,
}: {
  action: AdverseAction;
  employer: string;
  base: string;
  summaryUrl: string;
  hasFinal: boolean;
  errors: DisputeErrors;
  explanation: string;
  chosen: readonly string[];
}): string {
  const t = TEXT[action.language];
  const stateMessage = t.states[action.state];
  const errorList = [
    ...(errors.items ? [`<li><a href="#item-0">${t.chooseItem}</a></li>`] : []),
    ...(errors.explanation ? [`<li><a href="#explanation">${t.explain}</a></li>`] : []),
  ];
  const form =
    action.state === 'awaiting_final'
      ? `<section class="card" aria-labelledby="dispute-heading">
<h2 id="dispute-heading">${t.dispute}</h2>
<p class="hint">${t.disputeHint}</p>
${errorList.length ? `<div class="error-summary" role="alert"><h2>${t.errorsTitle}</h2><ul>${errorList.join('')}</ul></div>` : ''}
<form method="post" action="${base}/dispute">
<fieldset class="field${errors.items ? ' has-error' : ''}"><legend>${t.items}</legend>
${errors.items ? `<p class="field-error">${t.chooseItem}</p>` : ''}
${action.items
  .map(
    (item, index) =>
      `<div class="checkbox"><input type="checkbox" id="item-${index}" name="item_ids" value="${escapeHtml(item.id)}"${chosen.includes(item.id) ? ' checked' : ''}><label for="item-${index}">${escapeHtml(`${item.check_display_name}: ${item.description}${item.date ? ` (${item.date})` : ''}`)}</label></div>`,
  )
  .join('\n')}
</fieldset>
<div class="field${errors.explanation ? ' has-error' : ''}">
<label for="explanation">${t.explanation}</label>
<p class="hint" id="explanation-hint">${t.explanationHint}</p>
${errors.explanation ? `<p class="field-error" id="explanation-error">${t.explain}</p>` : ''}
<textarea id="explanation" name="explanation" rows="6" maxlength="${EXPLANATION_MAX}" required aria-describedby="explanation-hint${errors.explanation ? ' explanation-error' : ''}"${errors.explanation ? ' aria-invalid="true"' : ''} style="display:block;width:100%;font:inherit;padding:.45rem .55rem;border:2px solid #4b5563;border-radius:4px">${escapeHtml(explanation)}</textarea>
</div>
<div class="actions"><button type="submit" class="primary">${t.submit}</button></div>
</form>
</section>`
      : '';
  return portalPage({
    language: action.language,
    title: t.title,
    branding: {
      organisation: employer,
      colour: '#1d4ed8',
      textColour: '#ffffff',
      testBand: action.environment === 'demo' ? SIMULATION_BANDS_BY_LANGUAGE[action.language].test_data : null,
    },
    body: `<h1>${t.title}</h1>
<p class="lead">${escapeHtml(t.lead(employer))}</p>
${stateMessage ? `<p class="notice${action.state === 'disputed' ? ' success' : ''}" role="status">${stateMessage}</p>` : ''}
<section class="card" aria-labelledby="documents-heading">
<h2 id="documents-heading">${t.documents}</h2>
<ul>
${action.state === 'pending' ? '' : `<li><a href="${base}/notices/pre_adverse.pdf">${t.preNotice}</a></li>`}
${hasFinal ? `<li><a href="${base}/notices/final.pdf">${t.finalNotice}</a></li>` : ''}
<li><a href="${base}/report.pdf">${t.report}</a></li>
<li><a href="${escapeHtml(summaryUrl)}">${t.rights}</a></li>
</ul>
</section>
${form}`,
  });
}

/** The action of the request's token, or a 404 page (sent) and null. */
async function actionOfRequest(deps: Deps, request: Request, response: Response): Promise<AdverseAction | null> {
  const token = String(request.params['token'] ?? '');
  const action = token.length >= 20 && token.length <= 100 ? await findAdverseActionByToken(deps.db, token) : null;
  if (action === 'erased') sendRefusal(response, { refusal: 'withdrawn', language: 'en' });
  else if (!action) sendRefusal(response, { refusal: 'not_found', language: 'en' });
  return action === 'erased' ? null : action;
}

async function renderActionPage(
  deps: Deps,
  request: Request,
  response: Response,
  {
    action,
    status,
    errors = {},
    explanation = '',
    chosen = [],
  }: {
    action: AdverseAction;
    status: number;
    errors?: DisputeErrors;
    explanation?: string;
    chosen?: readonly string[];
  },
): Promise<void> {
  const db = deps.db;
  const [team, final] = await Promise.all([
    findTeam(db, { partnerId: action.partnerId, teamId: action.teamId }),
    findAdverseNoticePdf(db, { adverseActionId: action.id, kind: 'final' }),
  ]);
  if (!team) throw new Error(`adverse action ${action.id} has no team`);
  const publicUrl = publicUrlOf(deps, request).replace(/\/+$/, '');
  sendHtml(
    response,
    status,
    actionPage({
      action,
      // The organisation as its report and notices name it.
      employer: organisationName({ settings: team.settingsConfig, teamName: team.name }),
      base: `${ADVERSE_ACTION_PORTAL_PATH}/${encodeURIComponent(String(request.params['token']))}`,
      summaryUrl: `${publicUrl}${legalDocumentPath(FCRA_SUMMARY_OF_RIGHTS)}`,
      hasFinal: final !== null,
      errors,
      explanation,
      chosen,
    }),
  );
}

const sendPdf = (response: Response, { pdf, fileName }: { pdf: Buffer | Uint8Array; fileName: string }) => {
  response.status(200).type('application/pdf').setHeader('Content-Disposition', `inline; filename="${fileName}"`);
  response.send(Buffer.from(pdf));
};

const handled =
  (work: (request: Request, response: Response) => Promise<void>): RequestHandler =>
  (request, response, next) => {
    work(request, response).catch(next);
  };

/**
 * The applicant's pages of an adverse action (no API key: the notice's link carries a 256-bit token): the page with
 * the notices, the copy of the report and the dispute form; the PDFs; the dispute's post. Server-rendered, no script.
 */
export function adverseActionPortalRouter(deps: Deps): Router {
  const router = express.Router();
  router.use(ADVERSE_ACTION_PORTAL_PATH, (_request, response, next) => {
    setLogRoute(response, `${ADVERSE_ACTION_PORTAL_PATH}/:token`);
    response.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    response.setHeader('Referrer-Policy', 'same-origin');
    response.setHeader('X-Robots-Tag', 'noindex, nofollow');
    next();
  });
  router.get(
    `${ADVERSE_ACTION_PORTAL_PATH}/:token`,
    handled(async (request, response) => {
      const action = await actionOfRequest(deps, request, response);
      if (action) await renderActionPage(deps, request, response, { action, status: 200 });
    }),
  );
  router.get(
    `${ADVERSE_ACTION_PORTAL_PATH}/:token/report.pdf`,
    handled(async (request, response) => {
      const action = await actionOfRequest(deps, request, response);
      if (!action) return;
      const report = await findReportContent(deps.db, {
        applicantId: action.applicantId,
        version: action.reportVersion,
        part: 'pdf',
      });
      if (!report) return sendRefusal(response, { refusal: 'not_found', language: action.language });
      sendPdf(response, report);
    }),
  );
  router.get(
    `${ADVERSE_ACTION_PORTAL_PATH}/:token/notices/:kind.pdf`,
    handled(async (request, response) => {
      const action = await actionOfRequest(deps, request, response);
      if (!action) return;
      const kind = request.params['kind'];
      const notice =
        kind === 'pre_adverse' || kind === 'final'
          ? await findAdverseNoticePdf(deps.db, { adverseActionId: action.id, kind })
          : null;
      if (!notice) return sendRefusal(response, { refusal: 'not_found', language: action.language });
      sendPdf(response, notice);
    }),
  );
  router.post(
    `${ADVERSE_ACTION_PORTAL_PATH}/:token/dispute`,
    express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 200 }),
    handled(async (request, response) => {
      const action = await actionOfRequest(deps, request, response);
      if (!action) return;
      if (!isSameOrigin(request, deps)) return sendRefusal(response, { refusal: 'stale', language: action.language });
      const body = (request.body ?? {}) as Record<string, unknown>;
      const chosen = ([] as unknown[])
        .concat(body['item_ids'] ?? [])
        .filter((id): id is string => typeof id === 'string');
      const explanation = typeof body['explanation'] === 'string' ? body['explanation'].trim() : '';
      const errors: DisputeErrors = {
        ...(chosen.length === 0 ? { items: true } : {}),
        ...(explanation === '' || explanation.length > EXPLANATION_MAX ? { explanation: true } : {}),
      };
      if (errors.items || errors.explanation) {
        return renderActionPage(deps, request, response, { action, status: 422, errors, explanation, chosen });
      }
      const outcome = await fileAdverseDispute({
        db: deps.db,
        jobs: deps.jobs,
        token: String(request.params['token']),
        itemIds: chosen,
        explanation,
        now: deps.now(),
        publicUrl: publicUrlOf(deps, request),
        ipAddress: request.ip ?? null,
      });
      if (!outcome.ok && outcome.refusal === 'unknown_items') {
        return renderActionPage(deps, request, response, { action, status: 422, errors: { items: true }, explanation });
      }
      // Disputed now, or no longer disputable (complete, canceled): the page says where it stands.
      const found = outcome.ok
        ? outcome.action
        : await findAdverseActionByToken(deps.db, String(request.params['token']));
      const current = found === 'erased' || found === null ? action : found;
      await renderActionPage(deps, request, response, { action: current, status: outcome.ok ? 200 : 409 });
    }),
  );
  router.use(ADVERSE_ACTION_PORTAL_PATH, (error: unknown, request: Request, response: Response, _next: unknown) => {
    const status = (error as { status?: unknown })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500)
      return sendRefusal(response, { refusal: 'bad_request', language: 'en', status });
    deps.logger.error(
      { err: error, route: `${ADVERSE_ACTION_PORTAL_PATH}/:token` },
      'unexpected error in the adverse-action pages',
    );
    sendRefusal(response, { refusal: 'unavailable', language: 'en', status: 500 });
  });
  return router;
}
