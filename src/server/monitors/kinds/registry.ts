// One definition per monitor kind. Adding a kind: its fields in core/api/monitor-kinds, its
// definition here (one line); the compiler refuses a kind without one or one filed under another.
import type { MonitorKind } from '../../../core/api/monitors.ts';
import type { MonitorTable } from '../../platform/db/schema.ts';
import { dnsKind } from './dns.ts';
import { heartbeatKind } from './heartbeat.ts';
import { httpKind } from './http.ts';
import { pingKind } from './ping.ts';
import { tcpKind } from './tcp.ts';
import type { MonitorKindDefinition } from './types.ts';

// biome-ignore lint/suspicious/noExplicitAny: each kind's config and result types are its own
type AnyKindDefinition<K extends MonitorKind> = MonitorKindDefinition<K, any, any>;

export const monitorKinds = {
  http: httpKind,
  tcp: tcpKind,
  ping: pingKind,
  dns: dnsKind,
  heartbeat: heartbeatKind,
} satisfies { [K in MonitorKind]: AnyKindDefinition<K> };

/** The definition for a stored monitor, typed for the kind-independent code that calls it. */
export function kindOf(row: Pick<MonitorTable, 'kind'>): AnyKindDefinition<MonitorKind> {
  return monitorKinds[row.kind] as AnyKindDefinition<MonitorKind>;
}

/** Kinds a check can be brought forward for (a deployment, "check now"): not those due by their own schedule. */
export const CHECKABLE_KINDS = (Object.values(monitorKinds) as AnyKindDefinition<MonitorKind>[])
  .filter((kind) => !kind.nextRunAt)
  .map((kind) => kind.kind);
