// Access changes ride the event bus like check events (NOTIFY on PostgreSQL), so every process's
// open event streams hear them and check again whom they are serving.
import type { AccessChangeEvent, EventBus } from './bus.ts';

export function publishAccessChange(bus: EventBus, change: Omit<AccessChangeEvent, 'type'>): void {
  bus.publish([{ type: 'access.changed', ...change }]);
}
