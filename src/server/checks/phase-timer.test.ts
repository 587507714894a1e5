import { describe, expect, it } from 'vitest';
import { PhaseTimer } from './phase-timer.ts';

function fakeNow(marks: number[]) {
  let i = 0;
  return () => marks[Math.min(i++, marks.length - 1)] ?? 0;
}

describe('PhaseTimer', () => {
  it('charges the time between marks to the phase in progress', () => {
    const timer = new PhaseTimer(fakeNow([0, 5, 15, 40, 340, 360]));
    timer.enter('connect');
    timer.enter('tls');
    timer.enter('ttfb');
    timer.enter('download');
    expect(timer.finish()).toEqual({
      dnsMs: 5,
      connectMs: 10,
      tlsMs: 25,
      ttfbMs: 300,
      downloadMs: 20,
      totalMs: 360,
    });
  });

  it('rounds so that the parts still add up to the total', () => {
    const timer = new PhaseTimer(fakeNow([0, 0.4, 0.8, 1.2, 1.6, 2.0]));
    timer.enter('connect');
    timer.enter('tls');
    timer.enter('ttfb');
    timer.enter('download');
    const { dnsMs, connectMs, tlsMs, ttfbMs, downloadMs, totalMs } = timer.finish();
    expect(totalMs).toBe(2);
    expect(dnsMs + connectMs + tlsMs + ttfbMs + downloadMs).toBe(2);
  });

  it('adds up repeated phases across redirect hops and reports where it stopped', () => {
    const timer = new PhaseTimer(fakeNow([0, 1, 3, 10, 11, 12, 20, 50]));
    timer.enter('connect'); // 1
    timer.enter('ttfb'); // 3
    timer.enter('download'); // 10
    timer.enter('dns'); // 11: next hop
    timer.enter('connect'); // 12
    timer.enter('ttfb'); // 20
    expect(timer.phase).toBe('ttfb');
    expect(timer.finish()).toEqual({
      dnsMs: 2,
      connectMs: 10,
      tlsMs: 0,
      ttfbMs: 37,
      downloadMs: 1,
      totalMs: 50,
    });
  });
});
