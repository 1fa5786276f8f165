/**
 * What everything built from made-up results says, on every page and in every message: `test_data` for the demo
 * environment (the simulator always), `simulated` for live records run by the simulator (`SVC_LIVE_SIMULATION`).
 */
export type Simulation = 'test_data' | 'simulated';

/** The band across the top of every page of a report, a notice and a demo portal page (the Providers guide shows them). */
export const SIMULATION_BANDS = {
  test_data: 'TEST DATA — demo environment: simulated results, not a real screening',
  simulated: 'SIMULATED — not a real screening',
} as const satisfies { readonly [S in Simulation]: string };

/** The same bands in each language applicants read (notices, portal pages). */
export const SIMULATION_BANDS_BY_LANGUAGE = {
  en: SIMULATION_BANDS,
  fr: {
    test_data: 'DONNÉES DE TEST — environnement de démonstration : résultats simulés, pas une vraie vérification',
    simulated: 'SIMULÉ — pas une vraie vérification',
  },
} as const satisfies { readonly [L in 'en' | 'fr']: { readonly [S in Simulation]: string } };

/** What a message's subject (or an SMS's text) starts with. */
export const SIMULATION_SUBJECT_PREFIXES = {
  en: { test_data: '[TEST DATA]', simulated: '[SIMULATED]' },
  fr: { test_data: '[DONNÉES DE TEST]', simulated: '[SIMULÉ]' },
} as const satisfies { readonly [L in 'en' | 'fr']: { readonly [S in Simulation]: string } };

const ALL_PREFIXES: readonly string[] = Object.values(SIMULATION_SUBJECT_PREFIXES).flatMap((prefixes) =>
  Object.values(prefixes),
);

/** A message as the outbox holds it. */
type MarkableMessage = { subject: string | null; textBody: string; htmlBody: string | null };

/** Whether a message says already that it is test data or simulated (its subject, or an SMS's text, starts so). */
export const isMarkedMessage = (message: MarkableMessage): boolean =>
  ALL_PREFIXES.some((prefix) => (message.subject ?? message.textBody).startsWith(prefix));

/**
 * A message built from made-up results, marked so: the subject starts with `[TEST DATA]` (or `[SIMULATED]`), the text
 * with the band on a line of its own, the HTML with the band at the top of its body; an SMS (no subject) starts with
 * the prefix. A message marked already is left as it is.
 */
export function markMessage<M extends MarkableMessage>(
  message: M,
  simulation: Simulation,
  language: 'en' | 'fr' = 'en',
): M {
  if (isMarkedMessage(message)) return message;
  const prefix = SIMULATION_SUBJECT_PREFIXES[language][simulation];
  const band = SIMULATION_BANDS_BY_LANGUAGE[language][simulation];
  if (message.subject === null) return { ...message, textBody: `${prefix} ${message.textBody}` };
  const htmlBand = `<p style="margin:0;padding:8px 12px;border:2px solid #b00020;color:#b00020;background:#fff4f5;font:bold 14px Arial,Helvetica,sans-serif;text-align:center;">${band
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')}</p>`;
  return {
    ...message,
    subject: `${prefix} ${message.subject}`,
    textBody: `${band}\n\n${message.textBody}`,
    htmlBody:
      message.htmlBody === null
        ? null
        : /<body[^>]*>/i.test(message.htmlBody)
          ? message.htmlBody.replace(/<body[^>]*>/i, (tag) => `${tag}\n${htmlBand}`)
          : `${htmlBand}\n${message.htmlBody}`,
  };
}
