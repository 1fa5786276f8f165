import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadWorkerConfig, workerSettingsOf } from '../src/index.js';

const smtp = { SMTP_URL: 'smtp://user:secret@mail.example.com:587', SVC_MAIL_FROM: 'screening@example.com' };

describe('worker configuration', () => {
  it('requires STARTTLS on smtp:// unless SVC_SMTP_ALLOW_PLAINTEXT=1, and takes no TLS options from the URL', () => {
    expect(workerSettingsOf(loadWorkerConfig(smtp)).smtpAllowPlaintext).toBe(false);
    expect(workerSettingsOf(loadWorkerConfig({ ...smtp, SVC_SMTP_ALLOW_PLAINTEXT: '1' })).smtpAllowPlaintext).toBe(
      true,
    );
    expect(() => loadWorkerConfig({ ...smtp, SVC_SMTP_ALLOW_PLAINTEXT: 'yes' })).toThrow(/SVC_SMTP_ALLOW_PLAINTEXT/);
    for (const query of ['?requireTLS=false', '?ignoreTLS=true', '?tls.rejectUnauthorized=false']) {
      expect(() => loadWorkerConfig({ ...smtp, SMTP_URL: `${smtp.SMTP_URL}${query}` }), query).toThrow(
        /SMTP_URL: must carry no query string/,
      );
    }
  });

  it('refuses an encryption key that is not 32 random-looking bytes, saying how to make one', () => {
    expect(() => loadWorkerConfig({ SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex') })).not.toThrow();
    expect(() => loadWorkerConfig({ SVC_ENCRYPTION_KEY: '0'.repeat(64) })).toThrow(
      /SVC_ENCRYPTION_KEY: .*openssl rand -hex 32/,
    );
    expect(() => loadWorkerConfig({ SVC_ENCRYPTION_KEY: `${randomBytes(32).toString('base64')}x` })).toThrow(
      /SVC_ENCRYPTION_KEY: .*32 bytes/,
    );
  });
});
