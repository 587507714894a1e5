// When a claimed check may start (issue 40). A check spends nearly all its time waiting on a
// socket (connecting, the TLS handshake, the target's answer); only the moments around those use
// the CPU. So there are two bounds. Slots (CHECK_CONCURRENCY, default 64) bound the checks that may
// be working at once, and a check holds its slot only for its first SLOT_HOLD_MS (40): one still running
// then is waiting on the network and gives the slot to a ready check while it stays in flight.
// In flight is bounded far higher (IN_FLIGHT_PER_SLOT × slots, 4,096 by default), and shared: one
// workspace, or one target host, holds at most a quarter of it, and a place that frees goes to a
// check on time before an overdue one, then to the workspace with the fewest checks in flight.
// With 64 slots held until each check ended, 500 monitors whose target accepts TCP and never
// answers kept every slot for their whole timeout, and healthy monitors went unchecked for minutes.
import type { Clock, TimerHandle } from '../clock.ts';
import { START_TICK_MS } from './start-ticks.ts';
import { OVERDUE_AFTER_MS } from './timing.ts';

/** What admission needs to know of a check: whose it is, what it reaches, and when it was due. */
export interface Admittance {
  workspace: string;
  host: string;
  dueAt: number;
}

export interface AdmissionLimits {
  /** Checks working at once (the CPU-bound part of a check). */
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
 * A check at 127.0.0.1 ends in a few milliseconds and one across the world in a few hundred; the
 * CPU it uses at its start is well under a millisecond of that. Still running one start tick
 * later, it is waiting on the network. One tick, because checks due together start together at a
 * tick's end (start-ticks.ts): a burst beyond the slots starts at the next, not a whole check later.
 */
export const SLOT_HOLD_MS = START_TICK_MS;
/** In-flight places per slot: sockets are cheap (a few kilobytes each), the CPU is not. */
export const IN_FLIGHT_PER_SLOT = 64;

export function admissionLimits(slots: number, overrides: Partial<AdmissionLimits> = {}): AdmissionLimits {
  const inFlight = overrides.inFlight ?? slots * IN_FLIGHT_PER_SLOT;
  const share = Math.max(1, Math.floor(inFlight / 4));
  return { slots, inFlight, perWorkspace: share, perHost: share, slotHoldMs: SLOT_HOLD_MS, ...overrides };
}

/** Whether rank `a` comes strictly before rank `b` (compared field by field). */
function before(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if ((a[i] as number) !== (b[i] as number)) return (a[i] as number) < (b[i] as number);
  }
  return false;
}

export interface Admission<T> {
  /** Starts the check now if the bounds allow it, else queues it for the first place that frees. */
  offer(item: T): void;
  /** Takes back every queued check without starting it (a stopping worker). */
  takeQueued(): T[];
  readonly inFlight: number;
  readonly queued: number;
  /**
   * Checks wait for a free slot (not for their workspace's or host's share in flight): claiming
   * more now would only hoard checks another worker could run now.
   */
  readonly backedUp: boolean;
}

export function createAdmission<T>(
  clock: Clock,
  limits: AdmissionLimits,
  describe: (item: T) => Admittance,
  launch: (item: T) => Promise<unknown>,
): Admission<T> {
  const queue: { item: T; admittance: Admittance }[] = [];
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

  /**
   * Within the bounds in flight, and for an overdue check, a slot of the first half: the other
   * half is kept for checks on time, so a backlog taking every slot that frees cannot make a
   * check due at that moment wait for the next.
   */
  function admissible(admittance: Admittance, now: number): boolean {
    if (overdue(admittance.dueAt, now) && holding.size >= overdueSlots) return false;
    return hasPlace(admittance);
  }

  /** A place in flight, within the check's workspace's and host's shares. */
  function hasPlace({ workspace, host }: Admittance): boolean {
    return (
      inFlight < limits.inFlight &&
      count(byWorkspace, workspace) < limits.perWorkspace &&
      count(byHost, host) < limits.perHost
    );
  }

  /** The queued check to start next: on time before overdue, then the least busy workspace, then the earliest due. */
  function pick(now: number): number {
    const rank = ({ dueAt, workspace }: Admittance) => [
      overdue(dueAt, now) ? 1 : 0,
      count(byWorkspace, workspace),
      dueAt,
    ];
    let best = -1;
    let bestRank: number[] = [];
    for (let i = 0; i < queue.length; i++) {
      const { admittance } = queue[i] as (typeof queue)[number];
      if (!admissible(admittance, now)) continue;
      const candidate = rank(admittance);
      if (best < 0 || before(candidate, bestRank)) {
        best = i;
        bestRank = candidate;
      }
    }
    return best;
  }

  function begin(item: T, admittance: Admittance, now: number): void {
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
    const now = clock.now();
    releaseHeld(now);
    while (queue.length > 0 && holding.size < limits.slots) {
      const index = pick(now);
      if (index < 0) break;
      const [next] = queue.splice(index, 1);
      if (next) begin(next.item, next.admittance, now);
    }
    // Some may be waiting for a slot (overdue ones for one of the first half): the oldest frees by time.
    const [oldest] = holding.values();
    if (queue.length > 0 && oldest !== undefined && !slotTimer)
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
      if (queue.length === 0 && holding.size < limits.slots && admissible(admittance, now)) {
        begin(item, admittance, now);
        return;
      }
      queue.push({ item, admittance });
      pump();
    },
    takeQueued() {
      slotTimer?.cancel();
      slotTimer = undefined;
      return queue.splice(0).map(({ item }) => item);
    },
    get inFlight() {
      return inFlight;
    },
    get queued() {
      return queue.length;
    },
    get backedUp() {
      // Pumped after every change, so a queued check with a place is waiting for a slot.
      return queue.some(({ admittance }) => hasPlace(admittance));
    },
  };
}
