import { describe, expect, it } from 'vitest';
import type { AlertEvent, SslAlertFacts } from '../../core/alerts/alert-event.ts';
import { delivery as discordChannel } from '../../core/channels/discord/delivery.ts';
import { delivery as emailChannel } from '../../core/channels/email/delivery.ts';
import { delivery as slackChannel } from '../../core/channels/slack/delivery.ts';
import { delivery as webhookChannel } from '../../core/channels/webhook/delivery.ts';

const AT = Date.UTC(2026, 10, 22, 9, 0);
const VALID_TO = Date.UTC(2026, 11, 6, 12, 0);
const context = { publicUrl: 'https://up.example.com', test: false };

function event(kind: AlertEvent['kind'], facts: Partial<SslAlertFacts> = {}): AlertEvent {
  return {
    kind,
    at: AT,
    monitor: { id: 'm1', name: 'shop.example.com', url: 'https://shop.example.com/' },
    incident: null,
    failure: null,
    downtimeMs: null,
    certificate: {
      subjectCn: 'shop.example.com',
      issuer: 'R11',
      fingerprintSha256: 'AB:CD',
      validTo: VALID_TO,
      daysRemaining: 14,
      thresholdDays: 14,
      problems: [],
      clearedProblems: [],
      ...facts,
    },
  };
}

const expiring = event('ssl.expiring');

describe('certificate alerts in every channel', () => {
  it('mails an expiry warning in amber with the certificate facts and the date', () => {
    const mail = emailChannel.render(expiring, context);
    expect(mail.subject).toBe('[Certificate expiring] shop.example.com — certificate expires in 14 days');
    expect(mail.text).toContain('The certificate of shop.example.com expires in 14 days.');
    expect(mail.text).toContain('It expires on Dec 6, 2026.');
    expect(mail.text).toContain('Issuer:');
    expect(mail.text).toContain('Dec 6, 2026 (14 days left)');
    expect(mail.text).toContain('View the monitor: https://up.example.com/dashboard/monitors/m1');
    expect(mail.html).toContain('#d97706');
    expect(mail.text).not.toContain('down');
  });

  it('posts the warning to Slack and Discord as a warning, not an outage', () => {
    const slack = slackChannel.render(expiring, context);
    expect(slack.text).toBe(
      ':warning: [Certificate expiring] shop.example.com — certificate expires in 14 days',
    );
    const discord = discordChannel.render(expiring, context);
    expect(discord.embeds[0]?.color).toBe(0xd97706);
    expect(discord.embeds[0]?.description).toBe(
      'The certificate of shop.example.com expires in 14 days. It expires on Dec 6, 2026. Renew it and deploy it before then; the monitor stays up until it expires.',
    );
  });

  it('sends webhooks the kind and the certificate facts', () => {
    const { type, body } = webhookChannel.render(expiring, context);
    expect(type).toBe('ssl.expiring');
    expect(JSON.parse(body)).toMatchObject({
      type: 'ssl.expiring',
      summary: '[Certificate expiring] shop.example.com — certificate expires in 14 days',
      certificate: { fingerprintSha256: 'AB:CD', validTo: VALID_TO, daysRemaining: 14, thresholdDays: 14 },
      incident: null,
    });
  });

  it('names renewals, problems and cleared problems in the subject', () => {
    const subject = (e: AlertEvent) => emailChannel.render(e, context).subject;
    expect(subject(event('ssl.renewed', { daysRemaining: 89, previousValidTo: AT }))).toBe(
      '[Certificate renewed] shop.example.com — certificate renewed, valid until Dec 6, 2026',
    );
    const problem = { code: 'weak_key' as const, message: 'The key is weak.', remedy: 'Use a bigger key.' };
    expect(subject(event('ssl.problem', { problems: [problem] }))).toBe(
      '[Certificate problem] shop.example.com — The key is weak.',
    );
    expect(emailChannel.render(event('ssl.problem', { problems: [problem] }), context).text).toContain(
      'The key is weak. Use a bigger key.',
    );
    expect(subject(event('ssl.problem_cleared', { clearedProblems: ['weak_key', 'expired'] }))).toBe(
      '[Certificate OK] shop.example.com — resolved: weak key, expired certificate',
    );
    expect(subject(event('ssl.expiring', { daysRemaining: 0, thresholdDays: 1 }))).toBe(
      '[Certificate expiring] shop.example.com — certificate expires today',
    );
  });

  it('marks a test send as a test', () => {
    expect(emailChannel.render(expiring, { ...context, test: true }).subject).toBe(
      '[Test: Certificate expiring] shop.example.com — certificate expires in 14 days',
    );
  });
});
