import { describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { OVERDUE_AFTER_MS } from '../platform/timing.ts';
import { type AdmissionLimits, admissionLimits, createAdmission, SLOT_HOLD_MS } from './admission.ts';

const NOW = 1_000_000;

interface Check {
  name: string;
  workspace: string;
  host: string;
  dueAt: number;
  startBy?: number;
}

/**
 * An admission whose checks run until told to end: `started` lists them in start order,
 * `givenBack` those that reached their startBy queued.
 */
function harness(limits: Partial<AdmissionLimits>) {
  const clock = new ManualClock(NOW);
  const started: string[] = [];
  const givenBack: string[] = [];
  const running = new Map<string, () => void>();
  const admission = createAdmission<Check>(
    clock,
    admissionLimits(limits.slots ?? 64, limits),
    (check) => check,
    (check) =>
      new Promise<void>((resolve) => {
        started.push(check.name);
        running.set(check.name, resolve);
      }),
    (late) => givenBack.push(...late.map((check) => check.name)),
  );
  const end = async (name: string) => {
    running.get(name)?.();
    running.delete(name);
    // The admission hears of the end a microtask later.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { clock, admission, started, givenBack, end };
}

const check = (
  name: string,
  workspace: string,
  host = 'target:443',
  dueAt = NOW,
  startBy?: number,
): Check => ({ name, workspace, host, dueAt, ...(startBy === undefined ? {} : { startBy }) });

describe('admission', () => {
  it('scales the in-flight bound with the slots and gives each workspace and host a quarter of it', () => {
    expect(admissionLimits(64)).toEqual({
      slots: 64,
      inFlight: 4096,
      perWorkspace: 1024,
      perHost: 1024,
      slotHoldMs: SLOT_HOLD_MS,
    });
  });

  it('frees the slot of a check still waiting on its target after the hold, so a ready check starts', () => {
    const { clock, admission, started } = harness({ slots: 1 });
    admission.offer(check('hanging', 'a'));
    admission.offer(check('ready', 'b'));
    expect(started).toEqual(['hanging']);
    expect(admission.backedUp).toBe(true);
    clock.advance(SLOT_HOLD_MS);
    expect(started).toEqual(['hanging', 'ready']);
    expect(admission.inFlight).toBe(2);
  });

  it('keeps a workspace to its share of in flight while other workspaces start', async () => {
    const { admission, started, end } = harness({ inFlight: 10, perWorkspace: 2 });
    for (let i = 0; i < 4; i++) admission.offer(check(`a${i}`, 'a', `a${i}.test:443`));
    admission.offer(check('b0', 'b', 'b.test:443'));
    expect(started).toEqual(['a0', 'a1', 'b0']);
    expect(admission.queued).toBe(2);
    // Queued for its workspace's share, not for a slot: claiming for others goes on.
    expect(admission.backedUp).toBe(false);
    await end('a0');
    expect(started).toEqual(['a0', 'a1', 'b0', 'a2']);
  });

  it('keeps a target host to its share of in flight', () => {
    const { admission, started } = harness({ inFlight: 10, perHost: 2 });
    for (let i = 0; i < 3; i++) admission.offer(check(`hole${i}`, `w${i}`, 'blackhole:80'));
    admission.offer(check('healthy', 'w9', 'healthy:80'));
    expect(started).toEqual(['hole0', 'hole1', 'healthy']);
  });

  it('gives a freed place to a check on time before an overdue one, whatever their order', async () => {
    const { admission, started, end } = harness({ inFlight: 1, perWorkspace: 1, perHost: 1 });
    admission.offer(check('first', 'a'));
    admission.offer(check('overdue', 'a', 'target:443', NOW - OVERDUE_AFTER_MS - 60_000));
    admission.offer(check('on time', 'b', 'target:443', NOW));
    await end('first');
    expect(started).toEqual(['first', 'on time']);
    await end('on time');
    expect(started).toEqual(['first', 'on time', 'overdue']);
  });

  it('gives a freed place to the workspace with the fewest checks in flight', async () => {
    const { admission, started, end } = harness({ inFlight: 3, perWorkspace: 3, perHost: 3 });
    admission.offer(check('a0', 'a'));
    admission.offer(check('a1', 'a'));
    admission.offer(check('b0', 'b'));
    admission.offer(check('a2', 'a', 'target:443', NOW - 1));
    admission.offer(check('c0', 'c'));
    await end('b0');
    // c has none in flight, a has two: c's starts though a's was due first.
    expect(started).toEqual(['a0', 'a1', 'b0', 'c0']);
  });

  it('keeps half the slots for checks on time while a backlog of overdue ones waits', () => {
    const { clock, admission, started } = harness({ slots: 4 });
    const late = NOW - OVERDUE_AFTER_MS - 1;
    for (let i = 0; i < 4; i++) admission.offer(check(`late${i}`, 'a', 'hole:80', late));
    expect(started).toEqual(['late0', 'late1']);
    admission.offer(check('due now', 'b'));
    expect(started).toEqual(['late0', 'late1', 'due now']);
    // The backlog moves on as its slots are given back.
    clock.advance(SLOT_HOLD_MS);
    expect(started).toEqual(['late0', 'late1', 'due now', 'late2', 'late3']);
  });

  it('lets a thousand checks due at once start within a few slot holds, not one start tick per 64', () => {
    const { clock, admission, started } = harness({ slots: 64 });
    for (let i = 0; i < 1_000; i++) admission.offer(check(`c${i}`, 'a', `h${i % 10}:443`));
    expect(started).toHaveLength(64);
    // Each hold frees every slot: 1,000 / 64 → 16 holds, 80 ms. A slot held a whole 40 ms start
    // tick took 640 ms: at most 1,600 starts a second, fewer than 100,000 monitors a minute need.
    for (let ms = 0; ms < 100; ms++) clock.advance(1);
    expect(started).toHaveLength(1_000);
  });

  it('gives back a queued check that reached its startBy, for its claim to be released, and starts the rest', async () => {
    const { clock, admission, started, givenBack, end } = harness({
      inFlight: 1,
      perWorkspace: 1,
      perHost: 1,
    });
    admission.offer(check('running', 'a'));
    admission.offer(check('stale lease', 'b', 'target:443', NOW, NOW + 10_000));
    admission.offer(check('fresh lease', 'c', 'target:443', NOW + 1, NOW + 60_000));
    clock.advance(10_001);
    await end('running');
    // Started past its startBy, its lease would end while it runs and another claim run it again.
    expect(givenBack).toEqual(['stale lease']);
    expect(started).toEqual(['running', 'fresh lease']);
    expect(admission.queued).toBe(0);
  });

  it('hands back what is queued without starting it', () => {
    const { clock, admission, started } = harness({ slots: 1 });
    admission.offer(check('one', 'a'));
    admission.offer(check('two', 'a'));
    expect(admission.takeQueued().map((item) => item.name)).toEqual(['two']);
    clock.advance(SLOT_HOLD_MS);
    expect(started).toEqual(['one']);
    expect(clock.pendingTimers).toBe(0);
  });
});
