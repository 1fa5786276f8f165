import type {
  CheckName,
  InformationInput,
  RequestFlag,
  SETTINGS_BOOLEANS,
  SETTINGS_INTEGERS,
  SETTINGS_STRINGS,
  SettingsConfig,
} from '@svc/contract';
import type { HrApplicationResults, PmApplicationResults } from '../scoring/assemble.js';
import type { CheckRun } from '../scoring/check-runs.js';

/**
 * A team's `settings_config` with every documented key typed (the contract's inferred `SettingsConfig` keeps only
 * the request flags and `custom_tracks`).
 */
export type TeamSettings = SettingsConfig & { readonly [K in keyof typeof SETTINGS_BOOLEANS]: boolean } & {
  readonly [K in keyof typeof SETTINGS_INTEGERS]: number | null;
} & { readonly [K in keyof typeof SETTINGS_STRINGS]: string | null };

/** Everything the report of one applicant is made from (decrypted personal data: never log it). */
export type ReportInput = {
  readonly teamType: 'HR' | 'PM';
  /** The applicant id: the report id printed in the header and footer. */
  readonly applicantId: string;
  /** 1, then +1 per upgrade. */
  readonly reportVersion: number;
  readonly generatedAt: Date;
  /** The applicant's country (ISO 3166-1 alpha-2): US and CA print on Letter, others on A4. */
  readonly country: string;
  /** The ordering team's organisation (settings `get_org_name`/`org_name`, `org_primary_color`). */
  readonly organisation: { readonly name: string; readonly primaryColor: string | null };
  /** The consumer reporting agency that prepared the report (the partner's, `agencyOfPartner`): its name. */
  readonly agencyName: string;
  readonly settings: Partial<TeamSettings>;
  readonly applicant: {
    readonly email: string;
    readonly status: string;
    readonly created: Date;
    readonly submittedTime: Date | null;
    readonly returnedAt: Date | null;
    readonly tag: string | null;
  };
  /** The applicant's information with `sin_ssn`, `date_of_birth` and licence numbers decrypted. */
  readonly information: InformationInput;
  /** `position_or_property_location` of the order (an address). */
  readonly location: Record<string, unknown> | null;
  readonly requestedFlags: readonly RequestFlag[];
  /**
   * Whether results are made up: `test_data` for a demo record, `simulated` for a live record with a check run by the
   * simulator (live simulation), null when every check was run by a real provider.
   */
  readonly simulation: 'test_data' | 'simulated' | null;
  /** Every check run; `failure` is the text the worker recorded for a FAILED check. */
  readonly checks: ReadonlyArray<CheckRun & { readonly failure: string | null }>;
  /** What `assembleApplicationResults` returns for the application. */
  readonly results: HrApplicationResults | PmApplicationResults;
  readonly pm: {
    readonly shareOfRent: number | null;
    readonly isCosigner: boolean;
    readonly propertyAddress: string | null;
    readonly listingName: string | null;
  } | null;
};

/** How a value reads: nothing adverse, to look at, adverse, not completed, or no judgement at all. */
export type Tone = 'clear' | 'review' | 'not_clear' | 'failed' | 'neutral';

/** A status shown as a coloured chip; its text always says what the colour means. */
export type Chip = { readonly text: string; readonly tone: Tone };

export type Fact = { readonly label: string; readonly value: string; readonly chip?: Chip };

export type TableColumn = { readonly label: string; readonly align: 'start' | 'end' };

/** One table cell: its text, an optional second line (muted) and an optional chip after the text. */
export type TableCell = { readonly text: string; readonly secondary?: string; readonly chip?: Chip };

/** The building blocks of a check's details, already worded and ordered. */
export type ReportBlock =
  | { readonly kind: 'facts'; readonly title: string | null; readonly facts: readonly Fact[] }
  | {
      readonly kind: 'table';
      readonly title: string | null;
      readonly columns: readonly TableColumn[];
      readonly rows: readonly (readonly TableCell[])[];
    }
  | { readonly kind: 'text'; readonly title: string | null; readonly paragraphs: readonly string[] }
  | { readonly kind: 'note'; readonly tone: Tone; readonly text: string }
  | {
      readonly kind: 'group';
      readonly title: string;
      readonly subtitle: string | null;
      readonly chip: Chip | null;
      readonly blocks: readonly ReportBlock[];
    };

export type Flags = { readonly red: readonly string[]; readonly green: readonly string[] };

export type ScoreView = {
  readonly label: string;
  /** 0–100, null until scored. */
  readonly value: number | null;
  readonly valueText: string;
  /** The score's label (`Good`, `Low`, `Long`…) with the tone it stands for. */
  readonly band: Chip;
  /** `Higher is better`, `Higher is riskier`, `Higher is longer`. */
  readonly direction: string;
};

export type SummaryRow = {
  readonly checkName: CheckName;
  /** Anchor of the check's section. */
  readonly anchor: string;
  readonly title: string;
  readonly status: Chip;
  readonly result: Chip;
  /** The first thing to know: the failure, the first red flag, else the first green flag. */
  readonly finding: string;
};

export type CheckSection = {
  readonly checkName: CheckName;
  readonly anchor: string;
  /** 1-based, as in the summary table. */
  readonly number: number;
  readonly title: string;
  /** What the check looks at (left out of compact reports). */
  readonly description: string | null;
  readonly status: Chip;
  readonly result: Chip;
  /** Why a FAILED check could not be completed, as a sentence; null otherwise. */
  readonly failure: string | null;
  readonly flags: Flags;
  readonly blocks: readonly ReportBlock[];
};

export type FlagGroup = { readonly checkName: CheckName; readonly title: string; readonly flags: readonly string[] };

/** Everything the report document shows, already decided: masked values, labels, ordering, flags, page size. */
export type ReportView = {
  readonly lang: 'en';
  readonly teamType: 'HR' | 'PM';
  /** `Employment screening report` or `Tenant screening report`. */
  readonly title: string;
  readonly pageSize: 'A4' | 'Letter';
  readonly compact: boolean;
  readonly branding: {
    /** The name at the top of the report: the organisation's when white-labelled, else `svc`. */
    readonly brandName: string;
    readonly organisationName: string;
    /** “Prepared by <agency> for <organisation>”, as the notices of an adverse action say it too. */
    readonly preparedBy: string;
    readonly whitelabel: boolean;
    /** `#rrggbb`, readable on white and under white text (contrast 4.5:1 at least). */
    readonly accentColor: string;
  };
  readonly report: {
    readonly id: string;
    readonly version: number;
    readonly versionText: string;
    readonly generatedAt: string;
    readonly generatedAtIso: string;
  };
  readonly applicant: {
    readonly fullName: string;
    readonly email: string;
    readonly facts: readonly Fact[];
  };
  /** The order: position or property, listing, share of rent, dates. */
  readonly order: { readonly title: string; readonly facts: readonly Fact[] };
  readonly overall: {
    readonly result: Chip;
    /** `REVIEW`, `CLEAR`… as the API names it. */
    readonly resultCode: string;
    readonly headline: string;
    readonly svcScore: ScoreView;
  };
  readonly scores: {
    readonly title: string;
    readonly items: readonly ScoreView[];
    readonly indicators: readonly Fact[];
  };
  readonly summary: readonly SummaryRow[];
  readonly flags: {
    readonly red: readonly FlagGroup[];
    readonly green: readonly FlagGroup[];
    readonly redCount: number;
    readonly greenCount: number;
  };
  readonly sections: readonly CheckSection[];
  /** What the organisation's settings left out or masked, said once. */
  readonly notices: readonly string[];
  readonly footer: { readonly text: string; readonly disclaimer: string };
  /** Printed across the top of every page when results are made up (`SIMULATION_BANDS`); null for real results. */
  readonly simulationBand: string | null;
};
