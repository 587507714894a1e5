// What a field budget's alerts say in the channels: real visitors' p75, the window and the page
// views it rests on, in a thread of its own beside the lab budget on the same vital.
import { describe, expect, it } from 'vitest';
import type { AlertEvent } from '../../../core/alerts/alert-event.ts';
import { threadOf } from '../../../core/alerts/alert-thread.ts';
import { delivery as emailChannel } from '../../../core/channels/email/delivery.ts';
import { delivery as slackChannel } from '../../../core/channels/slack/delivery.ts';
import { delivery as webhookChannel } from '../../../core/channels/webhook/delivery.ts';

const AT = Date.UTC(2026, 10, 22, 9, 0);
const context = { publicUrl: 'https://up.example.com', test: false };

function event(kind: AlertEvent['kind'], value: number, field = true): AlertEvent {
  return {
    kind,
    at: AT,
    monitor: { id: 's1', name: 'Shop', url: 'https://shop.example.com/' },
    incident: null,
    failure: null,
    downtimeMs: null,
    performance: {
      siteId: 's1',
      runId: field ? null : 'r1',
      metric: 'cls',
      value,
      limit: 0.1,
      device: field ? 'All devices' : 'Desktop',
      ...(field ? { field: { window: '28d' as const, pageViews: 12_480, consecutiveHours: 3 } } : {}),
    },
  };
}

describe('field budget alerts', () => {
  it('mail the p75, the window and its page views', () => {
    const mail = emailChannel.render(event('performance.budget_exceeded', 0.18), context);
    expect(mail.subject).toBe(
      '[Over budget] Shop — Cumulative Layout Shift p75 0.180 over budget (at most 0.100)',
    );
    expect(mail.text).toContain('Shop is over its performance budget for real visitors.');
    expect(mail.text).toContain(
      "Real visitors' Cumulative Layout Shift at p75 is 0.180 over the last 28 days (12,480 page views), over the budget of at most 0.100 for 3 hours in a row.",
    );
    const back = emailChannel.render(event('performance.budget_recovered', 0.08), context);
    expect(back.subject).toBe(
      '[Within budget] Shop — Cumulative Layout Shift p75 back within budget (0.080)',
    );
    expect(
      JSON.stringify(slackChannel.render(event('performance.budget_recovered', 0.08), context)),
    ).toContain('Shop is back within its performance budget for real visitors.');
  });

  it('carry the field facts in the webhook and thread apart from the lab budget on the same vital', () => {
    const hook = JSON.parse(webhookChannel.render(event('performance.budget_exceeded', 0.18), context).body);
    expect(hook.performance).toEqual({
      siteId: 's1',
      runId: null,
      metric: 'cls',
      value: 0.18,
      limit: 0.1,
      device: 'All devices',
      field: { window: '28d', pageViews: 12_480, consecutiveHours: 3 },
    });
    const field = threadOf(event('performance.budget_exceeded', 0.18));
    expect(threadOf(event('performance.budget_recovered', 0.08))).toMatchObject({ key: field.key });
    expect(threadOf(event('performance.budget_exceeded', 0.18, false)).key).not.toBe(field.key);
  });
});
