import { describe, expect, it } from 'vitest';
import { fitInterval } from './fit-interval.ts';

const FREE = { minIntervalMinutes: 15, displayName: 'Free' };
const PRO = { minIntervalMinutes: 1, displayName: 'Pro' };

function fitted(kind: 'http' | 'heartbeat', everySeconds: number, plan = PRO) {
  const notes: string[] = [];
  return { ...fitInterval({ everySeconds, input: { kind } }, plan, notes), notes };
}

describe('fitInterval', () => {
  it.each([
    [300, PRO, { intervalMinutes: 5, notes: [] }],
    [
      90,
      PRO,
      { intervalMinutes: 2, notes: ['Checked every 90 s; Upwatch checks in whole minutes, so every 2 min.'] },
    ],
    [
      60,
      FREE,
      {
        intervalMinutes: 15,
        notes: ['Checked every 1 min; the Free plan checks at most every 15 min, so every 15 min.'],
      },
    ],
    [
      172_800,
      PRO,
      { intervalMinutes: 1440, notes: ['Checked every 2 d; Upwatch checks at least daily, so every 1 d.'] },
    ],
  ])('fits a check every %i s to whole minutes the plan allows', (seconds, plan, expected) => {
    expect(fitted('http', seconds, plan)).toEqual(expected);
  });

  it('keeps a heartbeat period in seconds, raised to the plan minimum only', () => {
    expect(fitted('heartbeat', 90)).toEqual({ periodSeconds: 90, notes: [] });
    expect(fitted('heartbeat', 300, FREE)).toEqual({
      periodSeconds: 900,
      notes: ['Expected a push every 5 min; the Free plan checks at most every 15 min, so every 15 min.'],
    });
  });
});
