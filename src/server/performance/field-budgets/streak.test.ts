import { describe, expect, it } from 'vitest';
import { fieldBudgetSchema } from '../../../core/api/performance.ts';
import { type Judgement, judge, NO_STREAKS, type Streaks, step } from './streak.ts';

const budget = fieldBudgetSchema.parse({ source: 'field', metric: 'lcp', limit: 2500 });

/** Walks the hours from no streaks and no episode; returns the changes hour by hour. */
function walk(hours: Judgement[], consecutiveHours = 3): ('open' | 'close' | null)[] {
  let streaks: Streaks = NO_STREAKS;
  let open = false;
  return hours.map((judgement) => {
    const next = step(streaks, judgement, { consecutiveHours, open });
    streaks = next.streaks;
    if (next.change) open = next.change === 'open';
    return next.change;
  });
}

describe('field budget judgement', () => {
  it('defaults to 3 hours in a row over at least 100 page views, over the last 28 days', () => {
    expect(budget).toMatchObject({ window: '28d', consecutiveHours: 3, minPageViews: 100 });
  });

  it('is thin below the page views asked for or with no figure, whatever the p75', () => {
    expect(judge(budget, { p75: 9000, pageViews: 99 })).toBe('thin');
    expect(judge(budget, { p75: null, pageViews: 5000 })).toBe('thin');
    expect(judge(budget, { p75: 2501, pageViews: 100 })).toBe('breached');
    expect(judge(budget, { p75: 2500, pageViews: 100 })).toBe('healthy');
  });
});

describe('consistent breach', () => {
  it('opens on the third breached hour in a row and closes on the third healthy one', () => {
    expect(walk(['breached', 'breached', 'breached', 'breached', 'healthy', 'healthy', 'healthy'])).toEqual([
      null,
      null,
      'open',
      null,
      null,
      null,
      'close',
    ]);
  });

  it('does not open on two breached hours and a healthy one', () => {
    expect(walk(['breached', 'breached', 'healthy', 'breached', 'breached'])).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('lets a thin hour break no streak and count for nothing', () => {
    expect(walk(['breached', 'thin', 'breached', 'thin', 'breached'])).toEqual([
      null,
      null,
      null,
      null,
      'open',
    ]);
    expect(walk(['thin', 'thin', 'thin', 'thin', 'thin', 'thin'])).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('keeps an open episode open through a healthy hour that a breach interrupts', () => {
    const hours: Judgement[] = ['breached', 'breached', 'breached', 'healthy', 'healthy', 'breached'];
    expect(walk([...hours, 'healthy', 'healthy', 'healthy'])).toEqual([
      null,
      null,
      'open',
      null,
      null,
      null,
      null,
      null,
      'close',
    ]);
  });
});
