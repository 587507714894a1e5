// The page-view meter on its own: batches per workspace on the clock, retries a failed track,
// and admits by the last check's answer.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createLogger } from '../../platform/logger.ts';
import { createPageViewMeter, METER_MS, PAGE_VIEWS_FEATURE } from './page-view-meter.ts';

/** An engine with a balance per workspace; `failing` makes its next calls throw. */
function fakeEngine(balances: Record<string, number>) {
  const tracks: [string, string, number][] = [];
  const state = { failing: false };
  const entitlements = {
    async check(workspaceId: string) {
      if (state.failing) throw new Error('billing is away');
      return (balances[workspaceId] ?? 0) >= 1;
    },
    async track(workspaceId: string, featureId: string, value = 1) {
      if (state.failing) throw new Error('billing is away');
      tracks.push([workspaceId, featureId, value]);
      balances[workspaceId] = (balances[workspaceId] ?? 0) - value;
    },
  };
  return { entitlements, tracks, state };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

function meterOn(engine: ReturnType<typeof fakeEngine>) {
  const clock = new ManualClock(0);
  const meter = createPageViewMeter({
    entitlements: engine.entitlements,
    clock,
    logger: createLogger('silent'),
  });
  return { clock, meter };
}

describe('the page-view meter', () => {
  it('tracks one batch per workspace when its 10 s are up, never one call per page view', async () => {
    const engine = fakeEngine({ a: 1_000, b: 1_000 });
    const { clock, meter } = meterOn(engine);
    for (let i = 0; i < 100; i++) expect(meter.admit(i % 5 === 0 ? 'b' : 'a')).toBe(true);
    clock.advance(METER_MS - 1);
    await settled();
    expect(engine.tracks).toEqual([]);
    clock.advance(1);
    await expect.poll(() => engine.tracks.length).toBe(2);
    expect(engine.tracks.sort()).toEqual([
      ['a', PAGE_VIEWS_FEATURE, 80],
      ['b', PAGE_VIEWS_FEATURE, 20],
    ]);
    expect(clock.pendingTimers).toBe(0);
  });

  it('counts but refuses page views once the check after a batch finds no balance', async () => {
    const engine = fakeEngine({ a: 3 });
    const { meter } = meterOn(engine);
    await meter.overAllowance('a');
    for (let i = 0; i < 5; i++) expect(meter.admit('a')).toBe(true);
    await meter.flush();
    expect(meter.admit('a')).toBe(false);
    expect(meter.admit('a')).toBe(false);
    await meter.flush();
    expect(engine.tracks.map(([, , value]) => value)).toEqual([5, 2]);
  });

  it('keeps a failed batch for the next one, and the last answer while billing is away', async () => {
    const engine = fakeEngine({ a: 10 });
    const { clock, meter } = meterOn(engine);
    await meter.overAllowance('a');
    meter.admit('a');
    meter.admit('a');
    engine.state.failing = true;
    await meter.flush();
    expect(engine.tracks).toEqual([]);
    // Retried on the clock, without another page view to wake it.
    expect(clock.pendingTimers).toBe(1);
    expect(meter.admit('a')).toBe(true);
    engine.state.failing = false;
    clock.advance(METER_MS);
    await expect.poll(() => engine.tracks).toEqual([['a', PAGE_VIEWS_FEATURE, 3]]);
  });

  it('asks about a workspace it has not seen at its first page view', async () => {
    const engine = fakeEngine({ a: 0 });
    const { meter } = meterOn(engine);
    // Not known yet: admitted while the engine is asked.
    expect(meter.admit('a')).toBe(true);
    await settled();
    expect(meter.admit('a')).toBe(false);
  });
});
