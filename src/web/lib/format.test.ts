import { describe, expect, it } from 'vitest';
import {
  dateTimeFormat,
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatMoney,
  formatMs,
  formatPercent,
  formatTime,
  numberFormat,
} from './format';

const AT = Date.UTC(2025, 2, 3, 16, 5, 9);
const ZONES = ['UTC', 'Europe/London', 'America/Los_Angeles', 'Asia/Kolkata'];

describe('formatters', () => {
  it('makes one formatter per set of options and zone, and reuses it', () => {
    const london = dateTimeFormat({ timeZone: 'Europe/London', dateStyle: 'medium' });
    expect(dateTimeFormat({ timeZone: 'Europe/London', dateStyle: 'medium' })).toBe(london);
    expect(dateTimeFormat({ timeZone: 'Asia/Kolkata', dateStyle: 'medium' })).not.toBe(london);
    expect(dateTimeFormat({ timeZone: 'Europe/London', timeStyle: 'medium' })).not.toBe(london);
    expect(numberFormat()).toBe(numberFormat());
    expect(numberFormat({ style: 'percent' })).not.toBe(numberFormat());
  });

  it('answers exactly as a formatter built afresh for each call', () => {
    const fresh = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-US', options).format(AT);
    for (const timeZone of ZONES) {
      expect(formatDateTime(AT, timeZone)).toBe(
        fresh({ timeZone, dateStyle: 'medium', timeStyle: 'medium' }),
      );
      expect(formatDateTime(AT, timeZone, false)).toBe(
        fresh({ timeZone, dateStyle: 'medium', timeStyle: 'short' }),
      );
      expect(formatTime(AT, timeZone)).toBe(fresh({ timeZone, timeStyle: 'medium' }));
      expect(formatDate(AT, timeZone)).toBe(fresh({ timeZone, dateStyle: 'medium' }));
      expect(formatDay(AT, timeZone)).toBe(
        fresh({ timeZone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }),
      );
    }
    expect(formatDateTime(AT, 'America/Los_Angeles')).toBe('Mar 3, 2025, 8:05:09 AM');
    expect(formatPercent(99.5)).toBe('99.50%');
    expect(formatPercent(99.5, 1)).toBe('99.5%');
    expect(formatMoney(-13.333)).toBe('-$13.33');
    expect(formatMoney(1234.5, 'eur')).toBe('€1,234.50');
  });

  it('keeps the decimals of times under a millisecond and whole milliseconds above', () => {
    expect(formatMs(0.05)).toBe('0.05 ms');
    expect(formatMs(0.5)).toBe('0.5 ms');
    expect(formatMs(0.004)).toBe('<0.01 ms');
    expect(formatMs(0)).toBe('0 ms');
    expect(formatMs(1.4)).toBe('1 ms');
    expect(formatMs(1234.5)).toBe('1,235 ms');
  });

  it('counts in the singular for one and the plural otherwise', () => {
    expect(formatCount(1, 'check', 'checks')).toBe('1 check');
    expect(formatCount(0, 'check', 'checks')).toBe('0 checks');
    expect(formatCount(2048, 'check', 'checks')).toBe('2,048 checks');
  });
});
