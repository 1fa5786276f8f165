import { revolvingUtilisation } from '../simulator/bureau.js';
import type { BureauDetails } from '../simulator/types.js';
import { cell, facts, note, table, when, type DetailContext } from './blocks.js';
import { MISSING, count, formatAddress, formatDate, formatMoney, joinName, text } from './format.js';
import type { ReportBlock, TableCell } from './types.js';

/** The credit bureau is Canadian (the catalogue's region for `bureau`): its amounts are in dollars. */
const BUREAU_COUNTRY = 'CA';
const money = (amount: number | null | undefined): string => formatMoney(amount, BUREAU_COUNTRY);

const PAID_AS_AGREED = /paid as agreed/i;

/** `3 accounts: 2 paid as agreed, 1 past due`. */
function accountStanding(file: BureauDetails): string {
  const trades = file.trades;
  if (trades.length === 0) return 'No account on file';
  const good = trades.filter((trade) => PAID_AS_AGREED.test(trade.payment_status ?? '')).length;
  const late = trades.length - good;
  return `${count(trades.length, 'account')}: ${good} paid as agreed${late > 0 ? `, ${late} past due` : ''}`;
}

function tradeRows(file: BureauDetails, compact: boolean): TableCell[][] {
  return file.trades.map((trade) => [
    cell(text(trade.credit_grantor), compact ? null : trade.account_number),
    cell(text(trade.account_type), compact ? null : `Opened ${formatDate(trade.date_opened)}`),
    cell(money(trade.high_credit)),
    cell(
      money(trade.balance_amount),
      trade.percent_credit_used === null || compact ? null : `${trade.percent_credit_used}% used`,
    ),
    cell(trade.past_due_amount ? money(trade.past_due_amount) : MISSING),
    cell(text(trade.payment_status), trade.account_rating ? `Rating ${trade.account_rating}` : null),
  ]);
}

/** Collections, with their amounts unless financial details are hidden. */
function collectionsTable(file: BureauDetails, showAmounts: boolean): ReportBlock {
  const rows = file.collections.map((item) => [
    cell(text(item.creditor), item.agency_entity ? `Agency: ${item.agency_entity}` : null),
    cell(formatDate(item.assigned_date ?? item.date_reported)),
    ...(showAmounts ? [cell(money(item.amount_owed)), cell(money(item.amount_paid))] : []),
    cell(text(item.description ?? item.reason), item.date_paid ? `Paid ${formatDate(item.date_paid)}` : null),
  ]);
  return table('Collections', ['Creditor', 'Assigned', ...(showAmounts ? ['Owed', 'Paid'] : []), 'Status'], rows, [
    'Owed',
    'Paid',
  ]);
}

/** Bankruptcies, judgments, legal items and liens, as one table (or a note that there are none). */
function publicRecords(file: BureauDetails, showAmounts: boolean): ReportBlock {
  const amount = (value: number | null) => (showAmounts ? [cell(money(value))] : []);
  const rows: TableCell[][] = [
    ...file.bankruptcies.map((item) => [
      cell('Bankruptcy or proposal', item.intent_or_disposition),
      cell(text(item.customer), item.case_number_and_trustee),
      cell(formatDate(item.date_filed)),
      ...amount(item.liability_amount),
      cell(text(item.legal_narrative)),
    ]),
    ...file.judgments.map((item) => [
      cell('Judgment', item.plaintiff ? `Plaintiff: ${item.plaintiff}` : null),
      cell(text(item.court_entity)),
      cell(formatDate(item.date_filed)),
      ...amount(item.amount),
      cell(
        text(item.description),
        item.date_satisfied ? `Satisfied ${formatDate(item.date_satisfied)}` : 'Not satisfied',
      ),
    ]),
    ...file.legal_items.map((item) => [
      cell('Legal item', item.plaintiff ? `Plaintiff: ${item.plaintiff}` : null),
      cell(text(item.court_entity), item.case_number),
      cell(formatDate(item.date_filed)),
      ...amount(item.amount),
      cell(
        text(item.legal_item_description),
        item.date_satisfied ? `Satisfied ${formatDate(item.date_satisfied)}` : null,
      ),
    ]),
    ...file.liens.map((item) => [
      cell('Lien', item.lien_class),
      cell(text(item.court_entity), item.case_number),
      cell(formatDate(item.date_filed)),
      ...amount(item.amount),
      cell(text(item.lien_description), item.date_released ? `Released ${formatDate(item.date_released)}` : null),
    ]),
  ];
  if (rows.length === 0) return note('clear', 'No bankruptcy, judgment, legal item or lien on file.');
  return table(
    'Public records',
    ['Record', 'Court or registry', 'Filed', ...(showAmounts ? ['Amount'] : []), 'Detail'],
    rows,
    ['Amount'],
  );
}

/** Credit bureau: the file's score and standing, accounts, collections, public records, returned payments, inquiries. */
export function bureauBlocks(file: BureauDetails, context: DetailContext): ReportBlock[] {
  const showAmounts = !context.privacy.hideDetailedFinancial;
  const [metadata] = file.credit_file_metadatas;
  const full = !context.compact;
  const nonSufficientFunds = file.non_sufficient_funds.map((item) => [
    cell(formatDate(item.date_reported)),
    cell(text(item.creditor_entity)),
    ...(showAmounts ? [cell(money(item.nsfamount))] : []),
    cell(text(item.details)),
  ]);
  const inquiries = [
    ...file.local_inquiries.map((item) => [cell(formatDate(item.inquiry_date)), cell(text(item.customer_name))]),
    ...file.foreign_inquiries.map((item) => [
      cell(formatDate(item.inquiry_date)),
      cell(text(item.city_name_or_inquiry_number), item.inquiry_province),
    ]),
  ];
  const warnings = [
    ...file.fraud_warnings.map((item) => [
      cell('Fraud warning'),
      cell(text(item.message_description), item.product_description),
    ]),
    ...file.deposit_alerts.map((item) => [
      cell('Deposit account alert'),
      cell(text(item.alert_status), item.customer_entity),
    ]),
    ...file.consumer_statements.map((item) => [
      cell('Consumer statement'),
      cell(text(item.statement), formatDate(item.date_reported)),
    ]),
  ];
  return [
    facts(null, [
      {
        label: 'Credit score',
        value: file.credit_score === null ? 'No score (no credit file)' : `${file.credit_score} (300–900)`,
      },
      { label: 'File since', value: formatDate(metadata?.file_since_date) },
      { label: 'Accounts', value: accountStanding(file) },
      ...(showAmounts
        ? [
            { label: 'Total debt', value: money(file.total_debt) },
            {
              label: 'Revolving credit used',
              value: file.trades.length > 0 ? `${revolvingUtilisation(file.trades)}%` : MISSING,
            },
          ]
        : []),
      { label: 'Collections', value: String(file.collections.length) },
      { label: 'Returned payments (NSF)', value: String(file.non_sufficient_funds.length) },
      { label: 'Inquiries', value: String(file.local_inquiries.length + file.foreign_inquiries.length) },
    ]),
    ...(showAmounts
      ? when(
          file.trades.length > 0,
          table(
            'Accounts',
            ['Creditor', 'Type', 'Limit', 'Balance', 'Past due', 'Payment status'],
            tradeRows(file, context.compact),
            ['Limit', 'Balance', 'Past due'],
          ),
        )
      : [note('neutral', 'Accounts, balances, limits and amounts are hidden at the organisation’s request.')]),
    ...(file.collections.length > 0
      ? [collectionsTable(file, showAmounts)]
      : [note('clear', 'No account in collection.')]),
    publicRecords(file, showAmounts),
    ...when(
      nonSufficientFunds.length > 0,
      table(
        'Returned payments (NSF)',
        ['Reported', 'Creditor', ...(showAmounts ? ['Amount'] : []), 'Detail'],
        nonSufficientFunds,
        ['Amount'],
      ),
    ),
    ...when(warnings.length > 0, table('Warnings and statements', ['Kind', 'Detail'], warnings)),
    ...when(full && inquiries.length > 0, table('Credit inquiries', ['Date', 'Inquirer'], inquiries)),
    ...when(
      full && showAmounts && file.bank_accounts.length > 0,
      table(
        'Bank accounts',
        ['Institution', 'Type', 'Opened', 'Status'],
        file.bank_accounts.map((item) => [
          cell(text(item.creditor_entity), item.account_number),
          cell(text(item.account_type ?? item.account)),
          cell(formatDate(item.date_opened)),
          cell(text(item.status), item.number_of_nsf ? `${item.number_of_nsf} NSF` : null),
        ]),
      ),
    ),
    ...when(
      full && file.employers.length > 0,
      table(
        'Employers on file',
        ['Employer', 'Occupation', 'Status'],
        file.employers.map((item) => [
          cell(text(item.employer), joinName(item.city, item.province) || null),
          cell(text(item.occupation)),
          cell(text(item.employment)),
        ]),
      ),
    ),
    ...when(
      full && file.addresses.length > 0,
      table(
        'Addresses on file',
        ['Address'],
        file.addresses.map((item) => [
          cell(text(item.address ?? formatAddress({ city: item.city, province_state: item.province }))),
        ]),
      ),
    ),
  ];
}
