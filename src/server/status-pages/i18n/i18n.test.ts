// The table itself: every language has every key (type-checking says so too; this catches a key
// smuggled past it with a cast), every message says something, and the formats are the locale's.
import { describe, expect, it } from 'vitest';
import { STATUS_PAGE_LANGUAGES } from '../../../core/api/status-pages.ts';
import { localeOf, MESSAGES, negotiateLanguage, pageLanguage } from './locale.ts';

/** Every leaf of a message table by its dotted path, with what it says for sample values. */
function leaves(table: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(table)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') found.set(path, value);
    else if (typeof value === 'function') found.set(path, value(2, 'X', 'Y'));
    else for (const [inner, text] of leaves(value as object, `${path}.`)) found.set(inner, text);
  }
  return found;
}

const english = leaves(MESSAGES.en);

describe('the status page translations', () => {
  it.each(STATUS_PAGE_LANGUAGES)(
    'has every English key in %s, and no other, each saying something',
    (language) => {
      const table = leaves(MESSAGES[language]);
      expect([...table.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of table) expect(text.trim(), `${language} ${key}`).not.toBe('');
    },
  );

  it('carries the values it is given into every message that takes them', () => {
    for (const language of STATUS_PAGE_LANGUAGES) {
      const { t } = localeOf(language);
      expect(t.documentTitle('Acme'), language).toContain('Acme');
      expect(t.startedResolved('X', 'Y'), language).toMatch(/X.*Y/);
      expect(t.minutesDown(7, '7'), language).toContain('7');
      expect(t.responseTimes('120', '480'), language).toMatch(/120.*480/);
      expect(t.widgetTitle('Acme', 'X'), language).toMatch(/Acme.*X/);
      expect(t.subscription.sentEmail('a@example.test'), language).toContain('a@example.test');
      expect(t.subscription.limit('1,000'), language).toContain('1,000');
      expect(t.subscription.rate(30, '30'), language).toContain('30');
      expect(t.subscriberMail.subject('Acme', 'X'), language).toMatch(/Acme.*X/);
      expect(t.subscriberMail.headings['incident.opened']('Outage'), language).toContain('Outage');
    }
  });

  it("keeps SPEC's not-available sentence exactly in English", () => {
    expect(MESSAGES.en.notAvailable).toBe(
      'Page Not Available: This status page is not available or may have been moved.',
    );
  });

  it('translates the words a German visitor reads', () => {
    const { t } = localeOf('de');
    expect(t.states.operational).toBe('Alle Systeme betriebsbereit');
    expect(t.states.major_outage).toBe('Schwerer Ausfall');
    expect(t.monitorStatus.down).toBe('Ausgefallen');
    expect(t.minutesDown(1, '1')).toBe('1 Minute Ausfall');
    expect(t.minutesDown(5, '5')).toBe('5 Minuten Ausfall');
    expect(localeOf('fr').t.incidentCount(1, '1')).toBe('1 incident');
    expect(localeOf('ja').t.incidentCount(3, '3')).toBe('インシデント 3 件');
  });
});

describe('formats in the page locale', () => {
  const at = Date.UTC(2026, 10, 26, 15, 40);

  it.each([
    ['en', 'Nov 26', 'Nov 26, 2026, 3:40 PM UTC', '99.65%', '12,345'],
    ['de', '26.11.', '26. Nov. 2026, 15:40 UTC', '99,65 %', '12.345'],
    ['fr', '26/11', '26 nov. 2026, 15:40 UTC', '99,65 %', '12 345'],
    ['es', '26/11', '26 nov 2026, 15:40 UTC', '99,65 %', '12.345'],
    ['pt', '26/11', '26 de nov. de 2026, 15:40 UTC', '99,65%', '12.345'],
    ['ja', '11/26', '2026年11月26日 15:40 UTC', '99.65%', '12,345'],
  ] as const)(
    'writes %s days, times, percents and counts the local way',
    (language, day, time, percent, count) => {
      const locale = localeOf(language);
      // Intl separates some of these with (narrow) no-break spaces; compared here as plain spaces.
      const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
      expect(plain(locale.day(at))).toBe(day);
      expect(plain(locale.time(at))).toBe(time);
      expect(plain(locale.percent(99.6599))).toBe(percent);
      expect(plain(locale.count(12_345))).toBe(count);
    },
  );

  it('rounds percentages down, so one failed check never reads 100%', () => {
    expect(localeOf('en').percent(99.999)).toBe('99.99%');
    expect(localeOf('en').percent(100)).toBe('100%');
    expect(localeOf('en').percent(87.5)).toBe('87.5%');
  });
});

describe("an 'auto' page's language", () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['fr-CH, fr;q=0.9, en;q=0.8', 'fr'],
    ['it-IT,it;q=0.9,pt-BR;q=0.8', 'pt'],
    ['en;q=0.5,ja;q=0.9', 'ja'],
    ['ES', 'es'],
    ['zh-CN,zh;q=0.9', 'en'],
    ['de;q=0', 'en'],
    ['', 'en'],
  ] as const)('for Accept-Language "%s" is %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });

  it('is the setting itself unless the setting is auto', () => {
    expect(pageLanguage('ja', 'de-DE')).toBe('ja');
    expect(pageLanguage('auto', 'de-DE')).toBe('de');
    expect(pageLanguage('auto', undefined)).toBe('en');
  });
});
