// The monitor kinds the web app offers: one entry per kind, keyed like the API's own registry.
// A new kind is a folder beside http/, tcp/, ping/, dns/ and heartbeat/ and one line here.
import type { MonitorKind } from '../../../../core/api/monitors';
import type { CheckMs, KindChart } from './chart-parts';
import { dnsKindUi } from './dns';
import { heartbeatKindUi } from './heartbeat';
import { httpKindUi } from './http';
import { pingKindUi } from './ping';
import { tcpKindUi } from './tcp';
import type { KindUi } from './types';

// biome-ignore lint/suspicious/noExplicitAny: each kind checks its own form state in defineKind; here only the shape counts
type AnyKindUi<K extends MonitorKind = MonitorKind> = KindUi<K, any>;

export const monitorKinds = {
  http: httpKindUi,
  tcp: tcpKindUi,
  ping: pingKindUi,
  dns: dnsKindUi,
  heartbeat: heartbeatKindUi,
} satisfies { [K in MonitorKind]: AnyKindUi<K> };

/** The kinds in the order the kind picker offers them. */
export const KIND_ORDER = Object.keys(monitorKinds) as MonitorKind[];

/**
 * One kind's entry, for code that treats every kind alike. Its state and monitor types are widened:
 * callers hand it only the state and monitor of the same kind.
 */
export function kindUi(kind: MonitorKind): AnyKindUi {
  return monitorKinds[kind] as unknown as AnyKindUi;
}

/** The form state of every kind's section, by kind. */
export type KindSections = { [K in MonitorKind]: ReturnType<(typeof monitorKinds)[K]['emptyState']> };

export function emptySections(): KindSections {
  return Object.fromEntries(KIND_ORDER.map((kind) => [kind, kindUi(kind).emptyState()])) as KindSections;
}

const totalMs: CheckMs = (result) => result.totalMs;

/** A check's time as the monitor page reads it: the kind's own measure, totalMs otherwise. */
export function checkMsOf(kind: MonitorKind): CheckMs {
  return kindUi(kind).checkMs ?? totalMs;
}

// Built once: the chart rebuilds itself whenever the object it is handed changes.
const charts = Object.fromEntries(
  KIND_ORDER.map((kind) => {
    const { chartParts, chartSpread, chartPercent } = kindUi(kind);
    return [
      kind,
      { parts: chartParts, spread: chartSpread, percent: chartPercent, checkMs: checkMsOf(kind) },
    ];
  }),
) as Record<MonitorKind, KindChart>;

/** What the overview's response chart draws for this kind. */
export function chartOf(kind: MonitorKind): KindChart {
  return charts[kind];
}
