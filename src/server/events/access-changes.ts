// Who may see what changed: a member left or was removed, a role changed, an API key was revoked,
// a session ended. The change rides the event bus like check events (NOTIFY on PostgreSQL), so
// every process's open event streams hear it and check again whom they are serving.
import type { AppEvent, EventBus } from './bus.ts';

export interface AccessChange {
  type: 'access.changed';
  /** The workspace whose access changed; null for a change that is one person's (a sign-out). */
  workspaceId: string | null;
  /** The person whose access changed, when it is one person's. */
  personId: string | null;
}

export function publishAccessChange(bus: EventBus, change: Omit<AccessChange, 'type'>): void {
  const event: AccessChange = { type: 'access.changed', ...change };
  // AppEvent (bus.ts) lists the engine's events; the bus itself carries any JSON event, and its
  // only subscriber, the event stream, tells this one apart with accessChangeOf.
  bus.publish([event as unknown as AppEvent]);
}

/** The access change an event on the bus is, or null for any other event. */
export function accessChangeOf(event: unknown): AccessChange | null {
  return (event as { type?: unknown }).type === 'access.changed' ? (event as AccessChange) : null;
}
