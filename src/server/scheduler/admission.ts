// When a claimed check may start (issue 40). A check spends nearly all its time waiting on a
// socket (connecting, the TLS handshake, the target's answer); only the moments around those use
// the CPU. So there are two bounds. Slots (CHECK_CONCURRENCY, default 64) bound the checks starting
// at once: a check holds its slot until it ends or for its first SLOT_HOLD_MS, whichever is first;
// one still running then is waiting on the network. In flight is bounded far higher
// (IN_FLIGHT_PER_SLOT × slots, 4,096 by default), and shared: one workspace, or one target host,
// holds at most a quarter of it, and a place that frees goes to a check on time before an overdue
// one, then to the workspace with the fewest checks in flight.
// With 64 slots held until each check ended, 500 monitors whose target accepts TCP and never
// answers kept every slot for their whole timeout, and healthy monitors went unchecked for minutes.
// Queued checks wait in buckets, one per workspace and target host, so choosing the next costs a
// look at each bucket's head, not at every queued check: scanning the queue on every start, and a
// slot held a whole 40 ms start tick (at most 1,600 starts a second), took 100,000 monitors from
// on time to 864 checks a second, 34.8 s late (p99) (bench/scheduler.ts).
import type { Clock, TimerHandle } from '../platform/clock.ts';
import { OVERDUE_AFTER_MS } from '../platform/timing.ts';

/** What admission needs to know of a check: whose it is, what it reaches, when it was due and the last moment it may start. */
export interface Admittance {
  workspace: string;
  host: string;
  dueAt: number;
  /**
   * Past this a queued check is given back, not started: its claim's lease would run out while it
   * runs, and another claim would run it a second time. Never, when absent.
   */
  startBy?: number;
}

export interface AdmissionLimits {
  /** Checks starting at once (the CPU-bound part of a check). */
  slots: number;
  /** Checks in flight at once, working or waiting on a socket. */
  inFlight: number;
  /** Checks one workspace may have in flight. */
  perWorkspace: number;
  /** Checks one target host (host:port) may have in flight. */
  perHost: number;
  /** How long a check holds its slot before it counts as waiting on the network. */
  slotHoldMs: number;
}

/**
 * A check's own CPU is well under a millisecond at its start (the request built, the socket
 * opened); past a few milliseconds it is waiting on the network. 64 slots of 5 ms let 12,800 checks
 * start a second, far above what one core runs, so the slots bound bursts, never the rate.
 */
export const SLOT_HOLD_MS = 5;
/** In-flight places per slot: sockets are cheap (a few kilobytes each), the CPU is not. */
export const IN_FLIGHT_PER_SLOT = 64;

export function admissionLimits(slots: number, overrides: Partial<AdmissionLimits> = {}): AdmissionLimits {
  const inFlight = overrides.inFlight ?? slots * IN_FLIGHT_PER_SLOT;
  const share = Math.max(1, Math.floor(inFlight / 4));
  return { slots, inFlight, perWorkspace: share, perHost: share, slotHoldMs: SLOT_HOLD_MS, ...overrides };
}

export interface Admission<T> {
  /** Starts the check now if the bounds allow it, else queues it for the first place that frees. */
  offer(item: T): void;
  /** Takes back every queued check without starting it (a stopping worker). */
  takeQueued(): T[];
  /**
   * Gives back the queued checks past their startBy and starts any that may start: done on every
   * change, and by the job each round, for checks queued while nothing in flight ends.
   */
  revisit(): void;
  readonly inFlight: number;
  readonly queued: number;
  /**
   * Checks wait for a free slot (not for their workspace's or host's share in flight): claiming
   * more now would only hoard checks another worker could run now.
   */
  readonly backedUp: boolean;
}

interface Entry<T> {
  item: T;
  admittance: Admittance;
}

/** The checks queued for one workspace and target host, in the order they were offered. */
interface Bucket<T> {
  key: string;
  workspace: string;
  host: string;
  onTime: Entry<T>[];
  overdue: Entry<T>[];
}

export function createAdmission<T>(
  clock: Clock,
  limits: AdmissionLimits,
  describe: (item: T) => Admittance,
  launch: (item: T) => Promise<unknown>,
  /** Receives queued checks that reached their startBy unstarted, for their claims to be released. */
  giveBack: (items: T[]) => void = () => undefined,
): Admission<T> {
  const buckets = new Map<string, Bucket<T>>();
  let queued = 0;
  /** Checks holding a slot, by token, with when each started: in start order. */
  const holding = new Map<number, number>();
  const byWorkspace = new Map<string, number>();
  const byHost = new Map<string, number>();
  let inFlight = 0;
  let nextToken = 0;
  let slotTimer: TimerHandle | undefined;
  const overdueSlots = Math.max(1, Math.floor(limits.slots / 2));

  const count = (map: Map<string, number>, key: string) => map.get(key) ?? 0;
  function add(map: Map<string, number>, key: string, delta: number): void {
    const value = count(map, key) + delta;
    if (value === 0) map.delete(key);
    else map.set(key, value);
  }

  /** Slots held past SLOT_HOLD_MS go back: those checks are waiting on a socket now. */
  function releaseHeld(now: number): void {
    for (const [token, startedAt] of holding) {
      if (startedAt + limits.slotHoldMs > now) break;
      holding.delete(token);
    }
  }

  const overdue = (dueAt: number, now: number) => dueAt < now - OVERDUE_AFTER_MS;

  /** A place in flight, within the workspace's and host's shares. */
  function hasPlace(workspace: string, host: string): boolean {
    return (
      inFlight < limits.inFlight &&
      count(byWorkspace, workspace) < limits.perWorkspace &&
      count(byHost, host) < limits.perHost
    );
  }

  function enqueue(entry: Entry<T>, now: number): void {
    const { workspace, host, dueAt } = entry.admittance;
    const key = `${workspace}\n${host}`;
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = { key, workspace, host, onTime: [], overdue: [] };
      buckets.set(key, bucket);
    }
    (overdue(dueAt, now) ? bucket.overdue : bucket.onTime).push(entry);
    queued += 1;
  }

  /**
   * Moves checks that became overdue while they waited to their bucket's overdue line, and takes
   * out those past their startBy (each line is near due order, so its head is the first to go).
   */
  function age(bucket: Bucket<T>, now: number, expired: T[]): void {
    for (const line of [bucket.onTime, bucket.overdue])
      while (line.length > 0 && ((line[0] as Entry<T>).admittance.startBy ?? Infinity) < now) {
        expired.push((line.shift() as Entry<T>).item);
        queued -= 1;
      }
    while (bucket.onTime.length > 0 && overdue((bucket.onTime[0] as Entry<T>).admittance.dueAt, now))
      bucket.overdue.push(bucket.onTime.shift() as Entry<T>);
  }

  /**
   * The bucket whose head starts next: on time before overdue (an overdue check only within the
   * first half of the slots, so a backlog cannot take a slot from a check due at that moment),
   * then the workspace with the fewest in flight, then the earliest due.
   */
  function pick(): { bucket: Bucket<T>; line: Entry<T>[] } | undefined {
    let best: { bucket: Bucket<T>; line: Entry<T>[] } | undefined;
    let bestLate = 0;
    let bestBusy = 0;
    let bestDue = 0;
    for (const bucket of buckets.values()) {
      if (!hasPlace(bucket.workspace, bucket.host)) continue;
      const late = bucket.onTime.length > 0 ? 0 : 1;
      const line = late ? bucket.overdue : bucket.onTime;
      if (line.length === 0 || (late && holding.size >= overdueSlots)) continue;
      const busy = count(byWorkspace, bucket.workspace);
      const due = (line[0] as Entry<T>).admittance.dueAt;
      const earlier =
        best === undefined ||
        late < bestLate ||
        (late === bestLate && (busy < bestBusy || (busy === bestBusy && due < bestDue)));
      if (earlier) [best, bestLate, bestBusy, bestDue] = [{ bucket, line }, late, busy, due];
    }
    return best;
  }

  function dropIfEmpty(bucket: Bucket<T>): void {
    if (bucket.onTime.length + bucket.overdue.length === 0) buckets.delete(bucket.key);
  }

  function begin({ item, admittance }: Entry<T>, now: number): void {
    const token = nextToken++;
    holding.set(token, now);
    inFlight += 1;
    add(byWorkspace, admittance.workspace, 1);
    add(byHost, admittance.host, 1);
    const finish = () => {
      holding.delete(token);
      inFlight -= 1;
      add(byWorkspace, admittance.workspace, -1);
      add(byHost, admittance.host, -1);
      pump();
    };
    launch(item).then(finish, finish);
  }

  function pump(): void {
    if (queued === 0) return;
    const now = clock.now();
    releaseHeld(now);
    const expired: T[] = [];
    for (const bucket of buckets.values()) {
      age(bucket, now, expired);
      dropIfEmpty(bucket);
    }
    if (expired.length > 0) giveBack(expired);
    while (queued > 0 && holding.size < limits.slots) {
      const next = pick();
      if (!next) break;
      queued -= 1;
      const entry = next.line.shift() as Entry<T>;
      dropIfEmpty(next.bucket);
      begin(entry, now);
    }
    // Some may be waiting for a slot (overdue ones for one of the first half): the oldest frees by time.
    const [oldest] = holding.values();
    if (queued > 0 && oldest !== undefined && !slotTimer)
      slotTimer = clock.setTimeout(
        () => {
          slotTimer = undefined;
          pump();
        },
        oldest + limits.slotHoldMs - now,
      );
  }

  return {
    offer(item) {
      const admittance = describe(item);
      const now = clock.now();
      releaseHeld(now);
      const entry = { item, admittance };
      const mayStart =
        queued === 0 &&
        holding.size < (overdue(admittance.dueAt, now) ? overdueSlots : limits.slots) &&
        hasPlace(admittance.workspace, admittance.host);
      if (mayStart) return begin(entry, now);
      enqueue(entry, now);
      pump();
    },
    revisit: pump,
    takeQueued() {
      slotTimer?.cancel();
      slotTimer = undefined;
      const items: T[] = [];
      for (const bucket of buckets.values())
        for (const entry of [...bucket.onTime, ...bucket.overdue]) items.push(entry.item);
      buckets.clear();
      queued = 0;
      return items;
    },
    get inFlight() {
      return inFlight;
    },
    get queued() {
      return queued;
    },
    get backedUp() {
      // Pumped after every change, so a queued check with a place is waiting for a slot.
      for (const bucket of buckets.values()) if (hasPlace(bucket.workspace, bucket.host)) return true;
      return false;
    },
  };
}
