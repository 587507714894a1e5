import { describe, expect, it } from 'vitest';
import type { AlertEvent, DomainAlertFacts } from '../../core/alerts/alert-event.ts';
import { delivery as discordChannel } from '../../core/channels/discord/delivery.ts';
import { delivery as emailChannel } from '../../core/channels/email/delivery.ts';
import { delivery as slackChannel } from '../../core/channels/slack/delivery.ts';
import { delivery as webhookChannel } from '../../core/channels/webhook/delivery.ts';

const AT = Date.UTC(2026, 10, 22, 9, 0);
const context = { publicUrl: 'https://up.example.com', test: false };

const facts: DomainAlertFacts = {
  domain: 'shop.com',
  expiresAt: Date.UTC(2026, 11, 6, 12, 0),
  daysRemaining: 14,
  thresholdDays: 14,
  registrar: 'Gandi SAS',
};

const expiring: AlertEvent = {
  kind: 'domain.expiring',
  at: AT,
  monitor: { id: 'm1', name: 'Shop', url: 'https://www.shop.com/' },
  incident: null,
  failure: null,
  downtimeMs: null,
  domain: facts,
};

describe('domain expiry warnings in every channel', () => {
  it('mails the warning in amber with the domain, its expiry and the registrar', () => {
    const mail = emailChannel.render(expiring, context);
    expect(mail.subject).toBe('[Domain expiring] Shop — shop.com expires in 14 days');
    expect(mail.text).toContain('The domain shop.com of Shop expires in 14 days.');
    expect(mail.text).toContain(
      'Its registration runs out on Dec 6, 2026. Renew it with Gandi SAS before then;',
    );
    expect(mail.text).toMatch(/Expires: +Dec 6, 2026 \(14 days left\)/);
    expect(mail.html).toContain('#d97706');
    expect(mail.text).not.toContain('is down');
  });

  it('posts it to Slack and Discord as a warning, and hands webhooks the domain facts', () => {
    expect(slackChannel.render(expiring, context).text).toBe(
      ':warning: [Domain expiring] Shop — shop.com expires in 14 days',
    );
    expect(discordChannel.render(expiring, context).embeds[0]?.color).toBe(0xd97706);
    const payload = JSON.parse(webhookChannel.render(expiring, context).body);
    expect(payload).toMatchObject({ type: 'domain.expiring', domain: expiring.domain, incident: null });
  });

  it('words the last day as today, and leaves the registrar out when unknown', () => {
    const lastDay = {
      ...expiring,
      domain: { ...facts, daysRemaining: 0, thresholdDays: 1, registrar: null },
    };
    const mail = emailChannel.render(lastDay, context);
    expect(mail.subject).toBe('[Domain expiring] Shop — shop.com expires today');
    expect(mail.text).not.toContain('Registrar');
  });
});
