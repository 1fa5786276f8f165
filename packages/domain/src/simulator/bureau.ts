import type { BureauCollection, BureauJudgment, BureauNonSufficientFunds, BureauTrade } from '@svc/contract';
import { money, simulatedCheck, type Finding, type SimulationContext } from './context.js';
import { daysBefore } from './dates.js';
import { fullName, splitStreetAddress } from './normalise.js';
import type { Rng } from './prng.js';
import {
  AUTO_LENDERS,
  BANKS,
  CARD_ISSUERS,
  COLLECTION_AGENCIES,
  LANDLORD_COMPANIES,
  UTILITY_CREDITORS,
} from './reference-data.js';
import type { BureauDetails, SimulatedCheck } from './types.js';

type Standing = 'good' | 'late' | 'delinquent';

const PAYMENT_STATUS: { readonly [S in Standing]: { status: string; pattern: number; narrative: string | null } } = {
  good: { status: 'Paid as agreed', pattern: 1, narrative: null },
  late: { status: '60 days past due', pattern: 3, narrative: 'Account 60 days past due' },
  delinquent: { status: '90 days past due', pattern: 4, narrative: 'Account 90 days or more past due' },
};

/** One trade line. Amounts are whole currency units; `percent_credit_used` is the balance over the limit. */
function trade({
  rng,
  now,
  grantor,
  type,
  limit,
  usedPercent,
  standing,
}: {
  rng: Rng;
  now: Date;
  grantor: string;
  type: 'Revolving' | 'Instalment' | 'Line of credit';
  limit: number;
  usedPercent: number;
  standing: Standing;
}): BureauTrade {
  const balance = Math.round((limit * usedPercent) / 100);
  const monthsOpen = rng.int(30, 140);
  const reported = daysBefore(now, rng.int(3, 25));
  const code = `${type === 'Instalment' ? 'I' : 'R'}${PAYMENT_STATUS[standing].pattern}`;
  const payment = type === 'Instalment' ? Math.round(limit / 60) : Math.max(10, Math.round(balance * 0.03));
  const narrative = PAYMENT_STATUS[standing].narrative;
  return {
    credit_grantor: grantor,
    payment_status: PAYMENT_STATUS[standing].status,
    date_opened: daysBefore(now, monthsOpen * 30),
    account_rating: code,
    date_reported: reported,
    account_type: type,
    high_credit: limit,
    balance_amount: balance,
    last_activity_or_payment: daysBefore(now, rng.int(26, 45)),
    r_code: code,
    percent_credit_used: Math.round(usedPercent),
    account_number: `****${rng.digits(4)}`,
    past_due_amount: standing === 'good' ? 0 : payment * (standing === 'late' ? 2 : 3),
    payment_term_amount: payment,
    months_reviewed: Math.min(monthsOpen, 99),
    narratives: narrative ? [narrative] : [],
  };
}

/** The credit file's trades for the scenario: clean, one late card (`Review`), or maxed out and delinquent (`Debt`). */
function tradesFor(context: SimulationContext): BureauTrade[] {
  const { rng, now, scenario } = context;
  if (scenario.debt) {
    return [
      trade({
        rng,
        now,
        grantor: rng.pick(CARD_ISSUERS),
        type: 'Revolving',
        limit: rng.amount(15_000, 25_000, 500),
        usedPercent: rng.int(95, 99),
        standing: 'delinquent',
      }),
      trade({
        rng,
        now,
        grantor: rng.pick(CARD_ISSUERS),
        type: 'Revolving',
        limit: rng.amount(8_000, 12_000, 500),
        usedPercent: rng.int(92, 99),
        standing: 'late',
      }),
      trade({
        rng,
        now,
        grantor: rng.pick(BANKS),
        type: 'Line of credit',
        limit: rng.amount(25_000, 40_000, 1_000),
        usedPercent: rng.int(94, 100),
        standing: 'late',
      }),
      trade({
        rng,
        now,
        grantor: rng.pick(AUTO_LENDERS),
        type: 'Instalment',
        limit: rng.amount(30_000, 45_000, 500),
        usedPercent: rng.int(75, 90),
        standing: 'good',
      }),
    ];
  }
  return [
    trade({
      rng,
      now,
      grantor: rng.pick(CARD_ISSUERS),
      type: 'Revolving',
      limit: rng.amount(3_000, 15_000, 500),
      usedPercent: rng.int(5, 30),
      standing: scenario.review ? 'late' : 'good',
    }),
    trade({
      rng,
      now,
      grantor: rng.pick(AUTO_LENDERS),
      type: 'Instalment',
      limit: rng.amount(18_000, 42_000, 500),
      usedPercent: rng.int(20, 80),
      standing: 'good',
    }),
    trade({
      rng,
      now,
      grantor: rng.pick(BANKS),
      type: 'Line of credit',
      limit: rng.amount(5_000, 25_000, 1_000),
      usedPercent: rng.int(0, 25),
      standing: 'good',
    }),
  ];
}

function collectionsFor(context: SimulationContext): BureauCollection[] {
  const { rng, now, scenario } = context;
  if (!scenario.debt) return [];
  return [rng.pick(UTILITY_CREDITORS), rng.pick(CARD_ISSUERS)].map((creditor, index) => {
    const assigned = daysBefore(now, rng.int(120, 700) + index * 200);
    return {
      date_of_last_payment: null,
      creditor,
      amount_owed: rng.amount(600, 4_800, 10),
      amount_paid: 0,
      ledger_number: rng.digits(10),
      date_paid: null,
      date_reported: assigned,
      assigned_date: assigned,
      verification_date: daysBefore(now, rng.int(10, 60)),
      account_designation: 'Individual',
      first_deliquency: daysBefore(now, rng.int(800, 1100) + index * 200),
      agency_entity: rng.pick(COLLECTION_AGENCIES),
      reason: 'Unpaid account',
      description: 'Placed for collection; unpaid',
    };
  });
}

function judgmentsFor(context: SimulationContext): BureauJudgment[] {
  const { rng, now, scenario, information } = context;
  if (!scenario.debt) return [];
  const city = information.addresses?.[0]?.city ?? 'Toronto';
  return [
    {
      plaintiff: rng.pick(LANDLORD_COMPANIES),
      defendant: fullName(information),
      amount: rng.amount(2_500, 9_000, 50),
      date_filed: daysBefore(now, rng.int(200, 900)),
      date_satisfied: null,
      verification_date: daysBefore(now, rng.int(10, 90)),
      court_entity: `Small Claims Court, ${city}`,
      garnishee: null,
      description: 'Unpaid rent and damages',
    },
  ];
}

function nonSufficientFundsFor(context: SimulationContext, bank: string): BureauNonSufficientFunds[] {
  const { rng, now, scenario } = context;
  if (!scenario.debt) return [];
  const reported = daysBefore(now, rng.int(60, 300));
  return [
    {
      date_reported: reported,
      creditor_entity: bank,
      nsfamount: rng.amount(250, 900, 5),
      details: 'Pre-authorised rent payment returned',
      verification_date: reported,
    },
  ];
}

/** Share of revolving credit in use, as a whole percentage (0 without revolving credit). */
export function revolvingUtilisation(trades: readonly BureauTrade[]): number {
  const revolving = trades.filter((item) => item.account_type !== 'Instalment');
  const limit = revolving.reduce((sum, item) => sum + (item.high_credit ?? 0), 0);
  const balance = revolving.reduce((sum, item) => sum + (item.balance_amount ?? 0), 0);
  return limit === 0 ? 0 : Math.round((balance / limit) * 100);
}

/** Total debt of a file: every trade balance plus what is still owed on collections. */
export function totalDebtOf(trades: readonly BureauTrade[], collections: readonly BureauCollection[]): number {
  return (
    trades.reduce((sum, item) => sum + (item.balance_amount ?? 0), 0) +
    collections.reduce((sum, item) => sum + (item.amount_owed ?? 0) - (item.amount_paid ?? 0), 0)
  );
}

/** A file with nothing on it (no hit). */
export const emptyCreditFile = (): Omit<
  BureauDetails,
  'kind' | 'credit_score' | 'description' | 'total_debt' | 'upgradable'
> => ({
  trades: [],
  employers: [],
  addresses: [],
  collections: [],
  deposit_alerts: [],
  bankruptcies: [],
  judgments: [],
  legal_items: [],
  liens: [],
  secured_loans: [],
  fraud_warnings: [],
  non_sufficient_funds: [],
  credit_file_metadatas: [],
  other_incomes: [],
  consumer_statements: [],
  bank_accounts: [],
  local_inquiries: [],
  foreign_inquiries: [],
});

/** Credit bureau: the applicant's credit file, found by name, date of birth and address. */
export function simulateBureau(context: SimulationContext): SimulatedCheck<BureauDetails> {
  const { rng, now, scenario, information, today } = context;
  const addresses = information.addresses ?? [];
  if (addresses.length === 0) {
    return simulatedCheck(
      context,
      {
        kind: 'bureau',
        credit_score: null,
        description: 'No credit file found',
        total_debt: 0,
        upgradable: false,
        ...emptyCreditFile(),
      },
      [{ outcome: 'REVIEW', redFlags: ['No credit file found for the name, date of birth and address given'] }],
    );
  }
  const trades = tradesFor(context);
  const collections = collectionsFor(context);
  const judgments = judgmentsFor(context);
  const bank = rng.pick(BANKS);
  const nonSufficientFunds = nonSufficientFundsFor(context, bank);
  const totalDebt = totalDebtOf(trades, collections);
  const utilisation = revolvingUtilisation(trades);
  const creditScore = scenario.debt ? rng.int(520, 580) : scenario.review ? rng.int(640, 680) : rng.int(720, 830);
  const fileSince = trades.map((item) => item.date_opened ?? today).sort()[0] ?? today;
  const country = 'CA';

  const findings: Finding[] = [];
  const late = trades.filter((item) => item.payment_status !== PAYMENT_STATUS.good.status);
  for (const item of late) {
    findings.push({
      outcome: 'REVIEW',
      redFlags: [
        `Account with ${item.credit_grantor} ${item.payment_status} (${money(item.past_due_amount ?? 0, country)} past due)`,
      ],
    });
  }
  if (collections.length > 0) {
    const owed = collections.reduce((sum, item) => sum + (item.amount_owed ?? 0), 0);
    findings.push({
      outcome: 'REVIEW',
      redFlags: [`${collections.length} accounts in collection totalling ${money(owed, country)}`],
    });
  }
  for (const item of judgments) {
    findings.push({
      outcome: 'REVIEW',
      redFlags: [`Judgment of ${money(item.amount ?? 0, country)} obtained by ${item.plaintiff} on ${item.date_filed}`],
    });
  }
  if (nonSufficientFunds.length > 0)
    findings.push({ outcome: 'REVIEW', redFlags: ['Payment returned for non-sufficient funds'] });
  if (utilisation >= 75)
    findings.push({ outcome: 'REVIEW', redFlags: [`Revolving credit utilisation of ${utilisation}%`] });
  if (findings.length === 0) {
    findings.push({
      outcome: 'CLEAR',
      greenFlags: [
        `All ${trades.length} accounts paid as agreed`,
        `Credit score ${creditScore}`,
        `Credit file established in ${fileSince.slice(0, 4)}`,
        `Revolving credit utilisation of ${utilisation}%`,
      ],
    });
  }

  return simulatedCheck(
    context,
    {
      kind: 'bureau',
      credit_score: creditScore,
      description: `Credit file since ${fileSince.slice(0, 4)}: ${trades.length} trades, ${collections.length} collections, credit score ${creditScore}`,
      total_debt: totalDebt,
      upgradable: false,
      trades,
      employers: (information.employers ?? []).slice(0, 2).map((employer) => ({
        employment: employer.end_date ? 'Previous' : 'Current',
        occupation: employer.position ?? null,
        employer: employer.company_name,
        city: null,
        province: null,
        verification: false,
        salary: null,
      })),
      addresses: addresses.slice(0, 3).map((address) => {
        const { civic, street } = splitStreetAddress(address.address);
        return {
          address: `${address.address}, ${address.city}`,
          civic_number: civic,
          street_name: street,
          city: address.city,
          province: address.province_state,
        };
      }),
      collections,
      deposit_alerts: [],
      bankruptcies: [],
      judgments,
      legal_items: [],
      liens: [],
      secured_loans: [],
      fraud_warnings: [],
      non_sufficient_funds: nonSufficientFunds,
      credit_file_metadatas: [
        {
          hit_strength_indicator: 'Strong',
          request_number: rng.digits(9),
          address_discrepancy: 'No',
          customer_number: `999ZB${rng.digits(5)}`,
          report_id: rng.digits(12),
          file_since_date: fileSince,
          date_of_last_activity:
            trades
              .map((item) => item.date_reported ?? today)
              .sort()
              .at(-1) ?? today,
          date_of_request: today,
          hit: true,
          data_warning_messages: [],
          card_alert_warning_messages: [],
          alert_indicators: [
            ...(collections.length > 0 ? ['Collections on file'] : []),
            ...(judgments.length > 0 ? ['Judgment on file'] : []),
          ],
        },
      ],
      other_incomes: [],
      consumer_statements: [],
      bank_accounts: [
        {
          account: 'Chequing account',
          date_reported: daysBefore(now, rng.int(5, 40)),
          creditor_entity: bank,
          account_number: `****${rng.digits(4)}`,
          figure_amount: null,
          date_opened: daysBefore(now, rng.int(1500, 5000)),
          account_type: 'Chequing',
          status: 'Open',
          number_of_nsf: nonSufficientFunds.length,
        },
      ],
      local_inquiries: Array.from({ length: scenario.debt ? 5 : rng.int(1, 2) }, (_, index) => ({
        inquiry_date: daysBefore(now, rng.int(10, 300) + index * 20),
        customer_name: rng.pick([...BANKS, ...CARD_ISSUERS, ...LANDLORD_COMPANIES]),
      })),
      foreign_inquiries: [],
    },
    findings,
  );
}
