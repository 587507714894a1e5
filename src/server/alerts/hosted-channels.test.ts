// A hosted provider's channel through the whole app: made in the API with its token sealed,
// tested with "Send test alert", and delivered by the job to the provider API the operator
// configured (here a local stand-in for Telegram), retried while that answers 500.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROVIDER_URLS } from '../platform/provider-urls.ts';
import { TEST_SECRET } from '../test/test-app.ts';
import { deriveSealKey, unseal } from './sealed-config.ts';
import { type AlertApp, createAlertApp } from './test/alert-app.ts';
import { startReceiver } from './test/receiver.ts';

const BOT_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
let t: AlertApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
afterEach(async () => {
  await t.close();
  await receiver.close();
});

describe('a Telegram channel', () => {
  it('is set up with its bot token sealed and sends its test alert to the configured Bot API', async () => {
    let status = 500;
    receiver = await startReceiver(() => status);
    t = await createAlertApp({ providers: { ...DEFAULT_PROVIDER_URLS, telegram: receiver.url } });
    const owner = await t.user('free');
    const created = await t.send(owner, 'POST', '/alert-channels', {
      kind: 'telegram',
      name: 'Ops chat',
      config: { botToken: BOT_TOKEN, chatId: '-1001234567890' },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const channel = (await created.json()) as { id: string; target: string };
    expect(channel.target).toBe('Telegram chat -1001234567890');
    const row = await t.db
      .selectFrom('alert_channels')
      .select('config')
      .where('id', '=', channel.id)
      .executeTakeFirstOrThrow();
    expect(row.config).not.toContain(BOT_TOKEN);
    expect(unseal(deriveSealKey(TEST_SECRET), row.config, channel.id)).toContain(BOT_TOKEN);

    const failed = await t.send(owner, 'POST', `/alert-channels/${channel.id}/test`);
    expect(await failed.json()).toMatchObject({ ok: false, error: expect.stringContaining('HTTP 500') });
    status = 200;
    const sent = await t.send(owner, 'POST', `/alert-channels/${channel.id}/test`);
    expect(await sent.json()).toEqual({ ok: true, error: null });
    const last = receiver.requests.at(-1);
    expect(last?.path).toBe(`/bot${BOT_TOKEN}/sendMessage`);
    expect(JSON.parse(last?.body ?? '{}')).toMatchObject({
      chat_id: '-1001234567890',
      parse_mode: 'MarkdownV2',
    });
  });

  it('refuses a malformed bot token or chat id with 422 naming the field', async () => {
    receiver = await startReceiver();
    t = await createAlertApp();
    const owner = await t.user('free');
    for (const config of [
      { botToken: 'not-a-token', chatId: '-100' },
      { botToken: BOT_TOKEN, chatId: 'general chat' },
    ]) {
      const response = await t.send(owner, 'POST', '/alert-channels', {
        kind: 'telegram',
        name: 'x',
        config,
      });
      expect(response.status).toBe(422);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    }
  });
});
