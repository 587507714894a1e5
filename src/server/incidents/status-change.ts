// A monitor's confirmed status change, as incidents receive it: its own module, so the
// lifecycle, the timeline and dependant outages can all name it without importing each other.
import type { MonitorTable } from '../platform/db/schema.ts';
import type { MonitorStatusEvent } from '../platform/events/bus.ts';

export interface StatusChange {
  event: MonitorStatusEvent;
  monitor: MonitorTable;
  /** The check that confirmed the change. */
  checkedAt: number;
  failure: { statusCode: number | null; code: string | null; message: string | null } | null;
}
