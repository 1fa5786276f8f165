import { describe, expect, it } from 'vitest';
import { adverseNoticeContent, adverseNoticeText, NOTICE_LANGUAGES, type AdverseNoticeInput } from './notices.js';
import { ADVERSE_ACTION_RULES } from './rules.js';

const input = (changes: Partial<AdverseNoticeInput>): AdverseNoticeInput => ({
  kind: 'pre_adverse',
  language: 'en',
  applicantName: 'Ada Lovelace',
  employerName: 'Analytical Engines',
  agency: { name: 'Keystone Screening', contactUrl: 'https://svc.example/adverse-action/t' },
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

describe('adverseNoticeContent', () => {
  it('states in the final notice, in each language, the agency, that it did not decide, the free copy within 60 days and the dispute', () => {
    const expected = {
      en: [
        'Keystone Screening did not make this decision',
        'free copy',
        'within 60 days',
        'dispute directly with Keystone Screening',
      ],
      fr: [
        'Keystone Screening n’a pas pris cette décision',
        'gratuitement une copie',
        'dans les 60 jours',
        'contester directement auprès de Keystone Screening',
      ],
    };
    for (const language of NOTICE_LANGUAGES) {
      const text = adverseNoticeText(adverseNoticeContent(input({ kind: 'final', language, waitingEndsAt: null })));
      for (const statement of expected[language]) expect(text, language).toContain(statement);
      expect(text).toContain('https://svc.example/legal/fcra-summary-of-rights');
    }
  });

  it('lists the cited items, the links and the end of the waiting period in the pre-adverse notice', () => {
    const text = adverseNoticeText(adverseNoticeContent(input({})));
    expect(text).toContain('- US criminal record check — Theft · case 42 — 2019-03-01');
    expect(text).toContain('A copy of your report: https://svc.example/adverse-action/t/report.pdf');
    expect(text).toContain(
      'A Summary of Your Rights Under the Fair Credit Reporting Act: https://svc.example/legal/fcra-summary-of-rights',
    );
    expect(text).toContain('No final decision will be made for 5 business days, that is before March 10, 2026.');
    expect(adverseNoticeText(adverseNoticeContent(input({ language: 'fr' })))).toContain('avant le 10 mars 2026');
  });

  it('adds the statement of the jurisdiction’s row', () => {
    const california = ADVERSE_ACTION_RULES.find((rule) => rule.jurisdiction === 'US-CA')!;
    for (const language of NOTICE_LANGUAGES) {
      const content = adverseNoticeContent(input({ language, rule: california }));
      expect(content.paragraphs).toContain(california.preAdverseStatement![language]);
    }
    expect(adverseNoticeContent(input({})).paragraphs).toHaveLength(5);
  });
});
