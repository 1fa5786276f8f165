import { describe, expect, it } from 'vitest';
import { adverseNoticeContent, adverseNoticeText, NOTICE_LANGUAGES } from './notices.js';
import { sampleNoticeInput } from './samples.js';
import { ADVERSE_ACTION_RULES } from './rules.js';

const input = sampleNoticeInput;

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
    expect(adverseNoticeContent(input({})).paragraphs).toHaveLength(4);
  });

  it('names the agency with its postal address, phone and website, and both parties as the report does', () => {
    for (const kind of ['pre_adverse', 'final'] as const) {
      const text = adverseNoticeText(adverseNoticeContent(input({ kind })));
      expect(text, kind).toContain(
        'Consumer reporting agency:\nKeystone Screening\n100 Main St\nAlbany, NY 12207\nUS\nPhone: +1 518 555 0100\nWebsite: https://keystone.example',
      );
      // The report's masthead says “Prepared by Keystone Screening for Analytical Engines”.
      expect(text, kind).toContain('consumer report prepared by Keystone Screening for Analytical Engines');
    }
    const unset = adverseNoticeContent(
      input({ agency: { name: 'Demo partner', address: null, phone: null, website: null }, simulation: 'test_data' }),
    );
    expect(unset.agency.lines).toEqual([
      'Demo partner',
      'The agency’s address, phone and website are not set (demo environment).',
    ]);
  });

  it('carries the band of made-up results in the notice’s language, and none for real results', () => {
    expect(adverseNoticeContent(input({})).simulationBand).toBeNull();
    expect(adverseNoticeContent(input({ simulation: 'test_data' })).simulationBand).toMatch(/^TEST DATA — /);
    expect(adverseNoticeContent(input({ simulation: 'simulated', language: 'fr' })).simulationBand).toMatch(
      /^SIMULÉ — /,
    );
  });
});

describe('markMessage', () => {
  it('marks a message once: the subject, the text and the HTML body, or an SMS’s text', async () => {
    const { markMessage } = await import('../report/simulation.js');
    const email = { subject: 'Hello', textBody: 'Body', htmlBody: '<html><body style="x"><p>Hi</p></body></html>' };
    const marked = markMessage(email, 'test_data');
    expect(marked.subject).toBe('[TEST DATA] Hello');
    expect(marked.textBody).toBe('TEST DATA — demo environment: simulated results, not a real screening\n\nBody');
    expect(marked.htmlBody).toMatch(/^<html><body style="x">\n<p style="[^"]+">TEST DATA — demo environment/);
    expect(markMessage(marked, 'test_data')).toEqual(marked);
    expect(markMessage({ subject: 'Bonjour', textBody: 'x', htmlBody: null }, 'simulated', 'fr').subject).toBe(
      '[SIMULÉ] Bonjour',
    );
    expect(markMessage({ subject: null, textBody: 'Your link', htmlBody: null }, 'test_data').textBody).toBe(
      '[TEST DATA] Your link',
    );
  });
});
