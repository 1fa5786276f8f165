import { describe, expect, it } from 'vitest';
import {
  API_SETTINGS,
  apiConfigSchema,
  loadSettings,
  SETTINGS,
  WORKER_SETTINGS,
  workerConfigSchema,
} from '../src/index.js';

describe('the settings', () => {
  it('gives every variable a type and a meaning, and each process reads only declared ones', () => {
    for (const [name, setting] of Object.entries(SETTINGS)) {
      expect(setting.type, name).not.toBe('');
      expect(setting.meaning.length, name).toBeGreaterThan(10);
    }
    const read = new Set<string>([...API_SETTINGS, ...WORKER_SETTINGS]);
    expect([...read].sort()).toEqual(Object.keys(SETTINGS).sort());
  });

  it('reads the declared defaults from an empty environment', () => {
    const config = loadSettings(apiConfigSchema, { process: 'svc', environment: {} });
    expect(config).toMatchObject({ PORT: 3000, SVC_DATA_DIR: '.data' });
    // Unset: the command decides (svc start turns them on with the embedded database, svc api never does).
    expect(config.SVC_DEV_OUTBOX).toBeUndefined();
    expect(config.SVC_WEBHOOK_ALLOW_PRIVATE).toBeUndefined();
    expect(loadSettings(workerConfigSchema, { process: 'svc worker', environment: {} })).toMatchObject({
      SVC_SIMULATOR_DELAY_MS: 300,
      SVC_CHROMIUM_SANDBOX: 'auto',
      SVC_PROVIDERS: {},
    });
  });

  it('stops a process at boot naming each wrong variable and what is wrong with it', () => {
    const environment = { PORT: '70000', SVC_DEV_OUTBOX: 'yes', SVC_ENCRYPTION_KEY: 'short' };
    let message = '';
    try {
      loadSettings(apiConfigSchema, { process: 'svc', environment });
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toBe('svc: invalid configuration');
    expect(lines.slice(1).sort()).toEqual([
      expect.stringMatching(/^ {2}PORT: .*65535/),
      '  SVC_DEV_OUTBOX: must be 1 (on) or 0 (off)',
      expect.stringMatching(/^ {2}SVC_ENCRYPTION_KEY: .*32 bytes/),
    ]);
    expect(() =>
      loadSettings(workerConfigSchema, {
        process: 'svc worker',
        environment: { SMTP_URL: 'smtps://mail.example.com' },
      }),
    ).toThrow(/SVC_MAIL_FROM: is required when SMTP_URL is set/);
  });
});
