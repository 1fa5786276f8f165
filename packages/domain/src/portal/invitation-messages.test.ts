import { describe, expect, it } from 'vitest';
import {
  emailBrandingOf,
  invitationEmail,
  invitationSms,
  readableTextOn,
  SVC_BRAND_COLOUR,
} from './invitation-messages.js';

const link = 'https://svc.example/apply/tok_en-123';
const whitelabel = {
  whitelabel_emails: true,
  get_org_name: 'Acme <Rentals>',
  org_primary_color: '#FFD700',
  org_logo_link: 'https://acme.example/logo.png',
};

describe('invitation messages', () => {
  it('brands a white-labelled email with the organisation name, colour and logo', () => {
    const branding = emailBrandingOf({ settings: whitelabel, teamName: 'Team 7' });
    expect(branding).toEqual({
      whitelabel: true,
      organisation: 'Acme <Rentals>',
      colour: '#ffd700',
      textColour: '#111827',
      logoUrl: 'https://acme.example/logo.png',
    });
    const email = invitationEmail({
      language: 'en',
      branding,
      firstName: 'Ada',
      link,
      expiresOn: '2026-05-31',
      isCosigner: false,
    });
    expect(email.senderName).toBe('Acme <Rentals>');
    expect(email.subject).toBe('Acme <Rentals> invites you to complete a background screening');
    expect(email.html).toContain('<html lang="en">');
    expect(email.html).toContain('<img src="https://acme.example/logo.png" alt="Acme &lt;Rentals&gt;"');
    expect(email.html).toContain('background-color:#ffd700;color:#111827');
    expect(email.html).toContain(`<a href="${link}"`);
    expect(email.html).toContain('>Open your screening form</a>');
    expect(email.html).not.toContain('<Rentals>');
    expect(email.text).toContain(`Hello Ada,\n\nAcme <Rentals> has asked svc`);
    expect(email.text).toContain(`\n${link}\n`);
    expect(email.text).toContain('May 31, 2026');
  });

  it('keeps svc branding without white-label, naming the organisation, and ignores a colour or logo that is not safe', () => {
    const branding = emailBrandingOf({ settings: { ...whitelabel, whitelabel_emails: false }, teamName: 'Team 7' });
    expect(branding).toMatchObject({
      whitelabel: false,
      colour: SVC_BRAND_COLOUR,
      textColour: '#ffffff',
      logoUrl: null,
    });
    const email = invitationEmail({
      language: 'fr',
      branding,
      firstName: null,
      link,
      expiresOn: '2026-05-31',
      isCosigner: true,
    });
    expect(email.senderName).toBe('svc');
    expect(email.html).toContain('<html lang="fr">');
    expect(email.html).not.toContain('<img');
    expect(email.text).toMatch(/^Bonjour,\n/);
    expect(email.text).toContain('cosignataire');
    expect(email.text).toContain('31 mai 2026');
    const unsafe = emailBrandingOf({
      settings: {
        whitelabel_emails: true,
        org_primary_color: 'red;x:expression()',
        org_logo_link: 'javascript:alert(1)',
        org_name: 'Org',
      },
      teamName: 'Team',
    });
    expect(unsafe).toMatchObject({ organisation: 'Org', colour: SVC_BRAND_COLOUR, logoUrl: null });
  });

  it('chooses the text colour that reads on the brand colour', () => {
    expect(readableTextOn('#000000')).toBe('#ffffff');
    expect(readableTextOn('#ffffff')).toBe('#111827');
  });

  it('writes the SMS in one line with the link', () => {
    const branding = emailBrandingOf({ settings: {}, teamName: 'Team 7' });
    expect(invitationSms({ language: 'en', branding, link, expiresOn: '2026-05-31' })).toBe(
      `Team 7 asks you to complete a background screening: ${link} (valid until May 31, 2026)`,
    );
  });
});
