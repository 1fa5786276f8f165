import type { AdverseNoticeInput } from './notices.js';
import { ADVERSE_ACTION_RULES } from './rules.js';

/** A pre-adverse notice of a made-up applicant, employer and agency (tests and examples), with `changes`. */
export const sampleNoticeInput = (changes: Partial<AdverseNoticeInput> = {}): AdverseNoticeInput => ({
  kind: 'pre_adverse',
  language: 'en',
  applicantName: 'Ada Lovelace',
  employerName: 'Analytical Engines',
  agency: {
    name: 'Keystone Screening',
    address: { address: '100 Main St', city: 'Albany', province_state: 'NY', postal_code: '12207', country: 'US' },
    phone: '+1 518 555 0100',
    website: 'https://keystone.example',
  },
  simulation: null,
  items: [{ check_display_name: 'US criminal record check', description: 'Theft · case 42', date: '2019-03-01' }],
  rule: ADVERSE_ACTION_RULES[0]!,
  issuedAt: new Date('2026-03-02T12:00:00Z'),
  waitingEndsAt: new Date('2026-03-10T00:00:00Z'),
  links: {
    actionPage: 'https://svc.example/adverse-action/t',
    reportCopy: 'https://svc.example/adverse-action/t/report.pdf',
    summaryOfRights: 'https://svc.example/legal/fcra-summary-of-rights',
    summaryOfRightsPdf: 'https://svc.example/legal/fcra-summary-of-rights.pdf',
  },
  ...changes,
});
