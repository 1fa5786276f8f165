import { describe, expect, it } from 'vitest';
import { checkWebhookUrl } from '../src/http/webhook-url.js';

const refused = (url: string) => checkWebhookUrl(url, { allowPrivate: false });

describe('webhook URLs', () => {
  it('refuse plain http, loopback, private, link-local and unresolvable hosts (400 on url)', async () => {
    for (const url of [
      'http://93.184.215.14/hook',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://172.16.5.4/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::127.0.0.1]/hook',
      'https://[::7f00:1]/hook',
      'https://[64:ff9b::a00:1]/hook',
      'https://[2002:7f00:1::]/hook',
      'https://user:secret@93.184.215.14/hook',
      'https://0.0.0.0/hook',
      'https://no-such-host.invalid/hook',
    ]) {
      await expect(refused(url), url).rejects.toMatchObject({
        status: 400,
        code: 'validation_failed',
        errors: [expect.objectContaining({ path: 'url' })],
      });
    }
  });

  it('accept https on a public address, and anything with SVC_WEBHOOK_ALLOW_PRIVATE', async () => {
    await expect(refused('https://93.184.215.14/hook')).resolves.toBeUndefined();
    await expect(checkWebhookUrl('http://127.0.0.1:8080/hook', { allowPrivate: true })).resolves.toBeUndefined();
  });

  it('refuse credentials in the URL even with SVC_WEBHOOK_ALLOW_PRIVATE', async () => {
    await expect(
      checkWebhookUrl('http://user:secret@127.0.0.1:8080/hook', { allowPrivate: true }),
    ).rejects.toMatchObject({ status: 400, errors: [expect.objectContaining({ path: 'url' })] });
  });
});
