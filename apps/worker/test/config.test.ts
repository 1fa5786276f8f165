import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { providerRoutingOf } from '@svc/config';
import { providerFor } from '@svc/domain';
import { bootWarningsOf, loadWorkerConfig, workerSettingsOf } from '../src/index.js';

const smtp = { SMTP_URL: 'smtp://user:secret@mail.example.com:587', SVC_MAIL_FROM: 'screening@example.com' };

describe('worker configuration', () => {
  it('reads SVC_PROVIDERS: HTTPS providers (plain HTTP to this machine only), each check run by one provider, never a provider named simulator', () => {
    const provider = (url: string, checks = ['softcheck']) => ({ type: 'http', url, secret: 's'.repeat(32), checks });
    const providersOf = (value: object) => loadWorkerConfig({ SVC_PROVIDERS: JSON.stringify(value) }).SVC_PROVIDERS;
    expect(providersOf({ acme: provider('https://acme.example/svc') }).acme).toMatchObject({
      poll_interval_seconds: 300,
      deadline_hours: 336,
    });
    expect(Object.keys(providersOf({ local: provider('http://127.0.0.1:8080') }))).toEqual(['local']);
    expect(loadWorkerConfig({}).SVC_PROVIDERS).toEqual({});
    expect(() => providersOf({ acme: provider('http://acme.example/svc') })).toThrow(/must be an https:\/\/ URL/);
    expect(() => providersOf({ simulator: provider('https://acme.example') })).toThrow(/built-in simulated provider/);
    expect(() => providersOf({ a: provider('https://a.example'), b: provider('https://b.example') })).toThrow(
      /softcheck is run by a already/,
    );
    expect(() => providersOf({ acme: { ...provider('https://acme.example'), secret: 'short' } })).toThrow(/32/);
    expect(() => providersOf({ acme: provider('https://acme.example', ['no_such_check']) })).toThrow(/SVC_PROVIDERS/);
    expect(() => loadWorkerConfig({ SVC_PROVIDERS: '{not json' })).toThrow(/must be a JSON object of providers/);
  });

  it('reads the built-in identity provider ("type": "identity"): identity checks only, for live and demo records alike', () => {
    const providers = (value: object) => loadWorkerConfig({ SVC_PROVIDERS: JSON.stringify(value) }).SVC_PROVIDERS;
    const identity = { type: 'identity', checks: ['identity_verification', 'enhanced_identity_verification'] };
    expect(providers({ identity }).identity).toEqual(identity);
    expect(() => providers({ identity: { ...identity, checks: ['softcheck'] } })).toThrow(/SVC_PROVIDERS/);
    expect(() => providers({ identity: { ...identity, url: 'https://acme.example' } })).toThrow(/SVC_PROVIDERS/);
    const routing = providerRoutingOf({ providers: providers({ identity }), liveSimulation: false });
    expect(providerFor(routing, 'live', 'identity_verification')).toBe('identity');
    expect(providerFor(routing, 'demo', 'enhanced_identity_verification')).toBe('identity');
    expect(providerFor(routing, 'demo', 'softcheck')).toBe('simulator');
    expect(providerFor(routing, 'live', 'softcheck')).toBeNull();
  });

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
    // Plaintext allowed: the worker warns at boot, naming the setting; TLS (smtps://, or STARTTLS required) warns of nothing.
    const warningsOf = (environment: Record<string, string>) =>
      bootWarningsOf(workerSettingsOf(loadWorkerConfig(environment)));
    expect(warningsOf({ ...smtp, SVC_SMTP_ALLOW_PLAINTEXT: '1' })).toEqual([
      expect.stringMatching(/^SVC_SMTP_ALLOW_PLAINTEXT=1: emails go in clear/),
    ]);
    expect(warningsOf(smtp)).toEqual([]);
    expect(
      warningsOf({ ...smtp, SMTP_URL: 'smtps://user:secret@mail.example.com:465', SVC_SMTP_ALLOW_PLAINTEXT: '1' }),
    ).toEqual([]);
    expect(warningsOf({})).toEqual([]);
  });

  it('takes the adverse-action test clock (SVC_TEST_WAITING_PERIOD_SECONDS) with NODE_ENV=test only', () => {
    expect(workerSettingsOf(loadWorkerConfig({})).waitingPeriodSeconds).toBeNull();
    expect(
      workerSettingsOf(loadWorkerConfig({ NODE_ENV: 'test', SVC_TEST_WAITING_PERIOD_SECONDS: '5' }))
        .waitingPeriodSeconds,
    ).toBe(5);
    for (const NODE_ENV of ['production', 'development', undefined])
      expect(() => loadWorkerConfig({ NODE_ENV, SVC_TEST_WAITING_PERIOD_SECONDS: '5' }), NODE_ENV).toThrow(
        /SVC_TEST_WAITING_PERIOD_SECONDS: shortens the legal waiting period/,
      );
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
