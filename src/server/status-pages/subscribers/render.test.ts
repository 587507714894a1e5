// What a subscriber receives, rendered without a database: the mail in the message's language,
// the webhook's body the same in every language.
import { describe, expect, it } from 'vitest';
import type { StatusPageLanguage } from '../../../core/api/status-pages.ts';
import type { NoticePayload } from './notices.ts';
import { type MessageContext, renderMail, renderWebhookBody } from './render.ts';

const AT = Date.UTC(2026, 10, 25, 9, 30);
const HOUR = 3_600_000;

function context(language: StatusPageLanguage, payload: NoticePayload): MessageContext {
  return {
    kind: 'incident' in payload ? 'incident.opened' : 'maintenance.scheduled',
    language,
    payload,
    page: { name: 'Acme' },
    links: {
      page: 'https://up.test/status/acme',
      confirm: 'https://up.test/c',
      unsubscribe: 'https://up.test/u',
    },
    names: new Map([['m1', 'Checkout']]),
    monitorIds: ['m1'],
    at: AT,
  };
}

const outage: NoticePayload = {
  incident: {
    id: 'i1',
    title: 'checkout-api is down',
    automatic: true,
    primaryMonitorId: 'm1',
    status: 'investigating',
    message: null,
    startedAt: AT,
    resolvedAt: null,
  },
};
const maintenance: NoticePayload = {
  maintenance: { id: 'w1', name: 'Database upgrade', startsAt: AT, endsAt: AT + 2 * HOUR },
};

describe('a subscriber mail', () => {
  it("names an automatic incident after the page's monitor, in the mail's language", () => {
    expect(renderMail(context('en', outage)).subject).toBe('[Acme] Incident: Checkout is down');
    expect(renderMail(context('de', outage)).subject).toBe('[Acme] Vorfall: Checkout ist ausgefallen');
    expect(renderMail(context('ja', outage)).subject).toBe('[Acme] インシデント: Checkout が停止しています');
  });

  it("writes a maintenance's facts the mail language's way", () => {
    expect(renderMail(context('en', maintenance)).content.facts).toEqual([
      ['From', 'Nov 25, 2026, 09:30 UTC'],
      ['Until', 'Nov 25, 2026, 11:30 UTC'],
      ['Affects', 'Checkout'],
    ]);
    const french = renderMail(context('fr', maintenance));
    expect(french.subject).toBe('[Acme] Maintenance planifiée : Database upgrade');
    expect(french.content.facts).toEqual([
      ['Début', '25 nov. 2026, 09:30 UTC'],
      ['Fin', '25 nov. 2026, 11:30 UTC'],
      ['Concerne', 'Checkout'],
    ]);
  });
});

describe("a subscriber webhook's body", () => {
  it('is the same in every language: codes, and an automatic incident named in English', () => {
    const body = renderWebhookBody(context('de', outage));
    expect(body).toBe(renderWebhookBody(context('en', outage)));
    expect(JSON.parse(body)).toMatchObject({
      type: 'incident.opened',
      incident: { title: 'Checkout is down', status: 'investigating', monitors: ['Checkout'] },
    });
  });
});
