// Every kind's face (./face.ts), keyed like the full registry (./registry.ts), for the screens
// that show monitors of any kind without their forms or panels.
import type { MonitorKind } from '../../../../core/api/monitors';
import { formatMs } from '../../../lib/format';
import { dnsFace } from './dns/face';
import { type KindFace, OPTIONAL_TABS, type OptionalTab } from './face';
import { heartbeatFace } from './heartbeat/face';
import { httpFace } from './http/face';
import { pingFace } from './ping/face';
import { tcpFace } from './tcp/face';

const faces = {
  http: httpFace,
  tcp: tcpFace,
  ping: pingFace,
  dns: dnsFace,
  heartbeat: heartbeatFace,
} satisfies { [K in MonitorKind]: KindFace<K> };

export function kindFace(kind: MonitorKind): KindFace<MonitorKind> {
  return faces[kind];
}

/** How a check's time reads ("120 ms"; a ping's "<1 ms"). */
export type LatencyFormat = (ms: number) => string;

/** How the app writes a check's time for this kind; null for a kind that times nothing (a heartbeat). */
export function latencyFormat(kind: MonitorKind): LatencyFormat | null {
  const face = kindFace(kind);
  return face.untimed ? null : (face.formatLatency ?? formatMs);
}

/** Whether monitors of this kind have the monitor page's tab (Performance only for HTTP, say). */
export function hasTab(kind: MonitorKind, tab: string): boolean {
  const optional = (OPTIONAL_TABS as readonly string[]).includes(tab);
  return !optional || kindFace(kind).tabs.includes(tab as OptionalTab);
}
