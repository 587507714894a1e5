// Matrix, Pushover and Twilio against a local server standing in for each: the documented method,
// path, auth and fields for every alert kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delivery as matrixChannel } from '../../core/channels/matrix/delivery.ts';
import { delivery as pushoverChannel } from '../../core/channels/pushover/delivery.ts';
import { delivery as twilioChannel } from '../../core/channels/twilio/delivery.ts';
import { ALERT_EVENTS } from './test/alert-events.ts';
import { CONTEXT, startChannelHarness } from './test/channel-harness.ts';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH = 'f'.repeat(32);
const USER_KEY = 'u'.repeat(30);
const APP_TOKEN = 'a'.repeat(30);
let h: Awaited<ReturnType<typeof startChannelHarness>>;
beforeAll(async () => {
  h = await startChannelHarness();
});
afterAll(async () => {
  await h.close();
});

const by = <T extends { kind: string }>(sent: T[], kind: string) => sent.find((s) => s.kind === kind);

describe('phone and Matrix channels', () => {
  it('PUTs a Matrix room message as the bot, with the delivery as its transaction id', async () => {
    const sent = await h.sendEveryKind(matrixChannel, {
      url: `${h.receiver.url}/`,
      roomId: '!ops:matrix.example.org',
      accessToken: 'syt_bot_token',
    });
    for (const { kind, request, body } of sent) {
      expect(request.path, kind).toBe(
        '/_matrix/client/v3/rooms/!ops%3Amatrix.example.org/send/m.room.message/delivery-1',
      );
      expect(request.headers.authorization, kind).toBe('Bearer syt_bot_token');
      expect(body, kind).toMatchObject({ msgtype: 'm.text', format: 'org.matrix.custom.html' });
      expect(body.formatted_body, kind).toContain('<a href="https://up.example.com/dashboard/');
    }
    const event = {
      ...ALERT_EVENTS['monitor.down'],
      monitor: { id: 'm1', name: '<img src=x>', url: 'https://x.example.com/' },
    };
    expect(matrixChannel.render(event, CONTEXT).formatted_body).not.toContain('<img');
  });

  it('sends Pushover at the chosen priority for bad news, with emergency retries, and 0 for good news', async () => {
    const sent = await h.sendEveryKind(pushoverChannel, {
      userKey: USER_KEY,
      appToken: APP_TOKEN,
      priority: 2,
    });
    for (const { kind, request, body } of sent) {
      expect(request.path, kind).toBe('/po/1/messages.json');
      // Down and escalation alerts carry the link that acknowledges; the rest open Upwatch.
      const asks = kind === 'monitor.down' || kind === 'incident.escalated';
      expect(body, kind).toMatchObject({
        token: APP_TOKEN,
        user: USER_KEY,
        url_title: asks ? 'Acknowledge' : 'Open in Upwatch',
      });
      expect(body).not.toHaveProperty('urgent');
    }
    expect(by(sent, 'monitor.down')?.body).toMatchObject({ priority: 2, retry: 60, expire: 3600 });
    expect(by(sent, 'monitor.up')?.body.priority).toBe(0);
    expect(by(sent, 'monitor.up')?.body).not.toHaveProperty('retry');
    const high = await h.sendEveryKind(pushoverChannel, {
      userKey: USER_KEY,
      appToken: APP_TOKEN,
      priority: 1,
    });
    expect(by(high, 'ssl.problem')?.body).toMatchObject({ priority: 1 });
    expect(by(high, 'ssl.problem')?.body).not.toHaveProperty('retry');
  });

  it("texts through Twilio's Messages API, or calls through its Calls API, as a form with basic auth", async () => {
    const config = { accountSid: SID, authToken: AUTH, from: '+14155550100', to: '+4915112345678' };
    const basic = `Basic ${Buffer.from(`${SID}:${AUTH}`).toString('base64')}`;
    const texts = await h.sendEveryKind(twilioChannel, { ...config, mode: 'sms' });
    for (const { kind, request, body } of texts) {
      expect(request.path, kind).toBe(`/tw/2010-04-01/Accounts/${SID}/Messages.json`);
      expect(request.headers['content-type'], kind).toBe('application/x-www-form-urlencoded');
      expect(request.headers.authorization, kind).toBe(basic);
      expect(body, kind).toMatchObject({ To: '+4915112345678', From: '+14155550100' });
      expect((body.Body as string).length, kind).toBeLessThanOrEqual(320);
      expect(body.Body as string, kind).toMatch(/https:\/\/up\.example\.com\/\S+$/);
    }
    const calls = await h.sendEveryKind(twilioChannel, { ...config, mode: 'voice' });
    for (const { kind, request, body } of calls) {
      expect(request.path, kind).toBe(`/tw/2010-04-01/Accounts/${SID}/Calls.json`);
      expect(body.Twiml as string, kind).toMatch(/^<Response><Say>Upwatch alert\. .+<\/Say>/);
    }
  });
});
