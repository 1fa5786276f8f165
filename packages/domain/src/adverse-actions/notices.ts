import { agencyContactLines, preparedByLine, type ConsumerReportingAgencyDetails } from '../report/parties.js';
import { SIMULATION_BANDS_BY_LANGUAGE, type Simulation } from '../report/simulation.js';
import type { AdverseItem } from './items.js';
import type { AdverseActionRule, AdverseNoticeKind } from './rules.js';

/** The languages notices are written in. */
export const NOTICE_LANGUAGES = ['en', 'fr'] as const;
export type NoticeLanguage = (typeof NOTICE_LANGUAGES)[number];

/** What a notice says, before it becomes an email (text) or a PDF (HTML by @svc/report). */
export type AdverseNoticeContent = {
  readonly kind: AdverseNoticeKind;
  readonly language: NoticeLanguage;
  readonly title: string;
  readonly subject: string;
  /** The date line (`issuedOn`) and the greeting. */
  readonly dateLine: string;
  readonly greeting: string;
  /** The body, paragraph by paragraph: every required statement is one of them. */
  readonly paragraphs: readonly string[];
  /** The cited items, as lines (pre-adverse notice only; empty otherwise). */
  readonly items: readonly string[];
  /** The consumer reporting agency: a heading and its lines (name, postal address, phone, website). */
  readonly agency: { readonly title: string; readonly lines: readonly string[] };
  /** Labelled absolute URLs. */
  readonly links: readonly { readonly label: string; readonly url: string }[];
  readonly signature: string;
  /** Across the top of every page of a notice built from made-up results (`SIMULATION_BANDS`); null otherwise. */
  readonly simulationBand: string | null;
};

/** What a notice is written from. */
export type AdverseNoticeInput = {
  readonly kind: AdverseNoticeKind;
  readonly language: NoticeLanguage;
  readonly applicantName: string;
  /** The employer: the organisation the report was prepared for, named as the report names it (`organisationName`). */
  readonly employerName: string;
  /** The consumer reporting agency that prepared the report (the partner's, `agencyOfPartner`). */
  readonly agency: ConsumerReportingAgencyDetails;
  /** Whether the report's results are made up: the notice says so on every page. */
  readonly simulation: Simulation | null;
  readonly items: readonly Pick<AdverseItem, 'check_display_name' | 'description' | 'date'>[];
  readonly rule: Pick<AdverseActionRule, 'waitingBusinessDays' | 'preAdverseStatement'>;
  /** When the notice is issued, and (pre-adverse) when the waiting period ends. */
  readonly issuedAt: Date;
  readonly waitingEndsAt: Date | null;
  readonly links: {
    /** The applicant's page of the action: the notice, the copy of the report, and the dispute form. */
    readonly actionPage: string;
    readonly reportCopy: string;
    readonly summaryOfRights: string;
    readonly summaryOfRightsPdf: string;
  };
};

const dateIn = (language: NoticeLanguage, date: Date) =>
  new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

const itemLine = (item: AdverseNoticeInput['items'][number]) =>
  [item.check_display_name, item.description, item.date].filter(Boolean).join(' — ');

/** The statements every final notice makes (15 U.S.C. 1681m(a)), in each language. */
export const FINAL_NOTICE_STATEMENTS = {
  en: {
    didNotDecide: (agency: string) =>
      `${agency} did not make this decision and is unable to provide you the specific reasons why it was made.`,
    freeCopy: (agency: string) =>
      `You have the right to obtain a free copy of your consumer report from ${agency} if you request it within 60 days of receiving this notice.`,
    dispute: (agency: string) =>
      `You have the right to dispute directly with ${agency} the accuracy or completeness of any information in the report it furnished.`,
  },
  fr: {
    didNotDecide: (agency: string) =>
      `${agency} n’a pas pris cette décision et ne peut pas vous en donner les raisons précises.`,
    freeCopy: (agency: string) =>
      `Vous avez le droit d’obtenir gratuitement une copie de votre rapport auprès de ${agency} si vous la demandez dans les 60 jours suivant la réception de cet avis.`,
    dispute: (agency: string) =>
      `Vous avez le droit de contester directement auprès de ${agency} l’exactitude ou l’exhaustivité de toute information du rapport qu’elle a fourni.`,
  },
} as const satisfies Record<NoticeLanguage, Record<string, (agency: string) => string>>;

/**
 * The pre-adverse notice (15 U.S.C. 1681b(b)(3)): the employer may decide against the applicant because of the report;
 * here are the items, a copy of the report and the summary of rights, and the time to dispute before the decision.
 * The final notice (15 U.S.C. 1681m(a)): the decision is made; the agency is named, did not decide, and the rights to
 * a free copy within 60 days and to dispute are stated.
 */
export function adverseNoticeContent(input: AdverseNoticeInput): AdverseNoticeContent {
  const { language, employerName, agency, applicantName, links } = input;
  const name = applicantName.trim();
  const fr = language === 'fr';
  const dateLine = dateIn(language, input.issuedAt);
  const greeting = fr ? `Bonjour${name ? ` ${name}` : ''},` : `Dear ${name || 'applicant'},`;
  const signature = fr
    ? `${employerName}, par l’intermédiaire de ${agency.name}`
    : `${employerName}, sent on its behalf by ${agency.name}`;
  // The report's own words for the two parties (its masthead says “Prepared by <agency> for <employer>”).
  const prepared = preparedByLine({ agency: agency.name, client: employerName, language });
  const preparedLower = `${prepared.charAt(0).toLowerCase()}${prepared.slice(1)}`;
  const agencyBlock = {
    title: fr ? 'Agence d’évaluation du crédit' : 'Consumer reporting agency',
    lines: agencyContactLines(agency, language),
  };
  const simulationBand = input.simulation ? SIMULATION_BANDS_BY_LANGUAGE[language][input.simulation] : null;
  if (input.kind === 'pre_adverse') {
    const ends = input.waitingEndsAt ? dateIn(language, input.waitingEndsAt) : null;
    const extra = input.rule.preAdverseStatement?.[language];
    return {
      kind: 'pre_adverse',
      language,
      title: fr ? 'Avis préalable à une décision défavorable' : 'Pre-adverse action notice',
      subject: fr
        ? `${employerName} : avis concernant votre vérification d’antécédents`
        : `${employerName}: notice about your background check`,
      dateLine,
      greeting,
      paragraphs: [
        fr
          ? `${employerName} envisage de prendre une décision défavorable à votre égard (par exemple ne pas vous embaucher) fondée en tout ou en partie sur le rapport de vérification d’antécédents ${preparedLower}. Aucune décision définitive n’est prise.`
          : `${employerName} is considering taking adverse action against you (for example, not hiring you) based in whole or in part on the consumer report ${preparedLower}. No final decision has been made.`,
        fr
          ? `Les liens ci-dessous mènent à une copie de votre rapport et au document « A Summary of Your Rights Under the Fair Credit Reporting Act ». Si une information du rapport est inexacte ou incomplète, vous pouvez la contester sur la page indiquée ci-dessous : la décision attendra l’issue de votre contestation.`
          : `The links below lead to a copy of your report and to "A Summary of Your Rights Under the Fair Credit Reporting Act". If any information in the report is inaccurate or incomplete, you may dispute it on the page linked below: the decision will wait for the outcome of your dispute.`,
        fr
          ? `Aucune décision définitive ne sera prise avant ${input.rule.waitingBusinessDays} jours ouvrables${ends ? `, soit avant le ${ends}` : ''}.`
          : `No final decision will be made for ${input.rule.waitingBusinessDays} business days${ends ? `, that is before ${ends}` : ''}.`,
        ...(extra ? [extra] : []),
        fr
          ? 'Les éléments suivants du rapport pourraient être retenus :'
          : 'The following items of the report may be relied upon:',
      ],
      items: input.items.map(itemLine),
      agency: agencyBlock,
      links: [
        { label: fr ? 'Copie de votre rapport' : 'A copy of your report', url: links.reportCopy },
        {
          label: fr
            ? 'Résumé de vos droits en vertu du Fair Credit Reporting Act'
            : 'A Summary of Your Rights Under the Fair Credit Reporting Act',
          url: links.summaryOfRights,
        },
        { label: fr ? 'Résumé de vos droits (PDF)' : 'A Summary of Your Rights (PDF)', url: links.summaryOfRightsPdf },
        { label: fr ? 'Contester un élément' : 'Dispute an item', url: links.actionPage },
      ],
      signature,
      simulationBand,
    };
  }
  const statements = FINAL_NOTICE_STATEMENTS[language];
  return {
    kind: 'final',
    language,
    title: fr ? 'Avis de décision défavorable' : 'Adverse action notice',
    subject: fr
      ? `${employerName} : décision concernant votre candidature`
      : `${employerName}: decision about your application`,
    dateLine,
    greeting,
    paragraphs: [
      fr
        ? `${employerName} a pris une décision défavorable à votre égard fondée en tout ou en partie sur le rapport de vérification d’antécédents ${preparedLower} (les coordonnées de l’agence figurent ci-dessous).`
        : `${employerName} has taken adverse action against you based in whole or in part on information in the consumer report ${preparedLower} (the agency’s contact details are below).`,
      statements.didNotDecide(agency.name),
      statements.freeCopy(agency.name),
      statements.dispute(agency.name),
    ],
    items: [],
    agency: agencyBlock,
    links: [
      { label: fr ? 'Demander une copie ou contester' : 'Ask for a copy or dispute', url: links.actionPage },
      {
        label: fr
          ? 'Résumé de vos droits en vertu du Fair Credit Reporting Act'
          : 'A Summary of Your Rights Under the Fair Credit Reporting Act',
        url: links.summaryOfRights,
      },
    ],
    signature,
    simulationBand,
  };
}

/** A notice as the plain text of its email. */
export function adverseNoticeText(content: AdverseNoticeContent): string {
  return [
    content.dateLine,
    '',
    content.greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.items.length ? [...content.items.map((item) => `- ${item}`), ''] : []),
    `${content.agency.title}:`,
    ...content.agency.lines,
    '',
    ...content.links.map((link) => `${link.label}: ${link.url}`),
    '',
    content.signature,
    '',
  ].join('\n');
}
