import { describe, expect, it } from 'vitest';
import type { AlertEvent } from '../../core/alerts/alert-event.ts';
import { delivery as discordChannel } from '../../core/channels/discord/delivery.ts';
import { delivery as emailChannel } from '../../core/channels/email/delivery.ts';
import { delivery as slackChannel } from '../../core/channels/slack/delivery.ts';
import { delivery as webhookChannel } from '../../core/channels/webhook/delivery.ts';
import { nextAttemptAt, RETRY_OFFSETS_MS } from './retry-schedule.ts';
import { signWebhook } from './webhook-signature.ts';

const AT = Date.UTC(2026, 0, 5, 8, 30);
const context = { publicUrl: 'https://up.example.com', test: false };

function down(overrides: Partial<AlertEvent> = {}): AlertEvent {
  return {
    kind: 'monitor.down',
    at: AT,
    monitor: { id: 'm1', name: 'api.example.com', url: 'https://api.example.com/' },
    incident: { id: 'i1', title: 'down', startedAt: AT },
    failure: { statusCode: null, code: 'ECONNREFUSED', message: 'Connection refused' },
    downtimeMs: null,
    ...overrides,
  };
}

describe('rendering', () => {
  it('names the failure in the subject: status text, else the check message', () => {
    expect(emailChannel.render(down(), context).subject).toBe('[Down] api.example.com — Connection refused');
    const teapot = down({ failure: { statusCode: 418, code: null, message: null } });
    expect(emailChannel.render(teapot, context).subject).toBe("[Down] api.example.com — 418 I'm a Teapot");
    const odd = down({ failure: { statusCode: 599, code: null, message: null } });
    expect(emailChannel.render(odd, context).subject).toBe('[Down] api.example.com — HTTP 599');
    const mismatch = down({
      failure: { statusCode: 503, code: 'status_mismatch', message: 'Expected 200-399, got 503' },
    });
    expect(emailChannel.render(mismatch, context).subject).toBe(
      '[Down] api.example.com — 503 Service Unavailable',
    );
  });

  it('a keyword failure says what is missing, not the 200 OK it answered with', () => {
    const keyword = down({
      monitor: { id: 'm1', name: 'Shop search', url: 'https://shop.example.com/search?q=a' },
      failure: {
        statusCode: 200,
        code: 'keyword_missing',
        message: 'The response does not contain "results".',
      },
    });
    const mail = emailChannel.render(keyword, context);
    expect(mail.subject).toBe('[Down] Shop search — The response does not contain "results"');
    expect(mail.text).toContain('The response does not contain "results"');
    expect(mail.subject).not.toContain('200 OK');
  });

  it('escapes what users typed in HTML and Slack markup', () => {
    const event = down({
      monitor: { id: 'm1', name: '<script>alert(1)</script> & co', url: 'https://x.example.com/?a=1&b=<2>' },
    });
    const mail = emailChannel.render(event, context);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; co');
    const slack = slackChannel.render(event, context);
    expect(JSON.stringify(slack.blocks)).not.toContain('<script>');
    expect(slack.blocks[0]?.text?.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; co is down.');
  });

  it('keeps Discord from pinging anyone, whatever the monitor is called', () => {
    const rendered = discordChannel.render(
      down({ monitor: { id: 'm', name: '@everyone', url: 'https://a.example.com' } }),
      context,
    );
    expect(rendered.allowed_mentions).toEqual({ parse: [] });
  });

  it('signs the webhook body with HMAC-SHA256 over timestamp.body', () => {
    // printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac secret
    expect(signWebhook('secret', '1700000000', '{"a":1}')).toBe(
      'sha256=49f24e537407743fa4a0242bb63b94b9a47ee99cbbe071ccd8a22550ae411686',
    );
    const { body } = webhookChannel.render(down(), { ...context, test: true });
    expect(JSON.parse(body)).toMatchObject({
      type: 'monitor.down',
      test: true,
      summary: '[Test: Down] api.example.com — Connection refused',
    });
  });
});

describe('retry schedule', () => {
  it('keeps to 30 s, 2 min, 10 min and 30 min after the first attempt, then stops', () => {
    const created = 1_000_000;
    const first = created + 400; // the first attempt started a little after the alert was queued
    expect(nextAttemptAt(1, created, first)).toBe(first + 30_000);
    // Later attempts start late and take a while; the schedule still counts from the first.
    expect(nextAttemptAt(2, first + 30_000, first + 31_500)).toBe(first + 120_000);
    expect(nextAttemptAt(3, first + 120_000, first + 125_000)).toBe(first + 600_000);
    expect(nextAttemptAt(4, first + 600_000, first + 600_900)).toBe(first + 1_800_000);
    expect(nextAttemptAt(5, first + 1_800_000, first + 1_800_000)).toBeNull();
    expect(RETRY_OFFSETS_MS).toHaveLength(5);
  });
});
