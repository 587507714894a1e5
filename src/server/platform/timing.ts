// The scheduler's timing in one place: a heartbeat deadline is judged correctly only while its
// delay outlasts how early the check job claims and how long a ping waits for its batch, so the
// three numbers are stated together. This module imports nothing, so kinds, config and the
// check job can all read it without a cycle.

/** How far ahead a poll claims: monitors due within it get a timer and start at their due time. */
export const CLAIM_LOOK_AHEAD_MS = 1_500;

/**
 * How long a heartbeat ping waits for others to be stored in one transaction with it
 * (ping-queue.ts). A cron job's request answers that much later, which none notices; at 20,000
 * monitors with 2,000 heartbeats, 250 ms rather than 100 ms took CPU per check 0.452 → 0.430 ms
 * (bench/scheduler.ts, both at once): pings had made ten commits a second to the checks' one.
 */
export const PING_GATHER_MS = 250;

/**
 * How long after its deadline a heartbeat is judged. The check job claims a monitor up to
 * CLAIM_LOOK_AHEAD_MS before it is due and judges the state it claimed; a ping waits up to
 * PING_GATHER_MS for its batch, and the batch's commit takes a little more (milliseconds, or
 * tens behind a batch of check results: 250 ms leaves room for both). Judged at the
 * deadline itself, a ping that came in just before it went unseen: the monitor was reported
 * down, with an incident and a Down alert, and recovered moments later.
 */
export const JUDGED_AFTER_MS = CLAIM_LOOK_AHEAD_MS + PING_GATHER_MS + 250;

/**
 * A check due longer ago than this is overdue: it missed its time (a worker was down, or busy
 * with targets that never answer). Overdue checks are claimed and started after those on time,
 * so a backlog never makes another tenant's punctual checks late. More than a worker's poll
 * interval (1 s), so a check claimed at the first poll after its due time is still on time.
 */
export const OVERDUE_AFTER_MS = 2_000;
