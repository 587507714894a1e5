import { describe, expect, it } from 'vitest';
import type { AlertEvent } from '../../core/alerts/alert-event.ts';
import { delivery as discordChannel } from '../../core/channels/discord/delivery.ts';
import { delivery as emailChannel } from '../../core/channels/email/delivery.ts';
import { delivery as slackChannel } from '../../core/channels/slack/delivery.ts';
import { delivery as webhookChannel } from '../../core/channels/webhook/delivery.ts';

const AT = Date.UTC(2026, 10, 22, 9, 0);
const context = { publicUrl: 'https://up.example.com', test: false };

function event(kind: AlertEvent['kind'], value: number): AlertEvent {
  return {
    kind,
    at: AT,
    monitor: { id: 's1', name: 'Shop', url: 'https://shop.example.com/' },
    incident: null,
    failure: null,
    downtimeMs: null,
    performance: {
      siteId: 's1',
      runId: 'r1',
      metric: 'lcpMs',
      value,
      limit: 2000,
      device: 'Mobile (simulated throttling)',
    },
  };
}

describe('performance budget alerts in every channel', () => {
  const exceeded = event('performance.budget_exceeded', 2840);
  const recovered = event('performance.budget_recovered', 1650);

  it('mails the metric, the measured value and the budget, linking to the site', () => {
    const mail = emailChannel.render(exceeded, context);
    expect(mail.subject).toBe(
      '[Over budget] Shop — Largest Contentful Paint 2.84 s over budget (at most 2 s)',
    );
    expect(mail.text).toContain('Shop is over its performance budget.');
    expect(mail.text).toContain('Largest Contentful Paint measured 2.84 s; the budget is at most 2 s.');
    expect(mail.html).toContain('https://up.example.com/dashboard/performance/s1');
    const back = emailChannel.render(recovered, context);
    expect(back.subject).toBe('[Within budget] Shop — Largest Contentful Paint back within budget (1.65 s)');
  });

  it('renders in Slack, Discord and the webhook', () => {
    expect(JSON.stringify(slackChannel.render(exceeded, context))).toContain(
      'Shop is over its performance budget.',
    );
    expect(JSON.stringify(discordChannel.render(recovered, context))).toContain(
      'Shop is back within its performance budget.',
    );
    const hook = JSON.parse(webhookChannel.render(exceeded, context).body);
    expect(hook).toMatchObject({
      type: 'performance.budget_exceeded',
      summary: '[Over budget] Shop — Largest Contentful Paint 2.84 s over budget (at most 2 s)',
      performance: { siteId: 's1', metric: 'lcpMs', value: 2840, limit: 2000 },
      monitor: { link: 'https://up.example.com/dashboard/performance/s1' },
    });
  });
});
