// What export leaves out of a monitor: a field at its default (the file reads the same without
// it, since the schema fills it back in) and a field the kind has no use for (a heartbeat is
// pinged, so it has no timeout). Plans and applies still compare every field they are given.
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { ConfigMonitor } from '../../core/api/config-file.ts';
import { type MonitorKind, monitorInputSchemas } from '../../core/api/monitors.ts';
import { monitorKinds } from '../monitors/kinds/registry.ts';

/** Fields only a kind that reaches out to its target on a schedule of ours has. */
const OUTBOUND_FIELDS = ['timeoutSeconds'] as const;

function defaultOf(kind: MonitorKind, field: string): { value: unknown } | null {
  const shape = monitorInputSchemas[kind].shape as Record<string, z.ZodType>;
  const schema = shape[field];
  return schema instanceof z.ZodDefault ? { value: schema.def.defaultValue } : null;
}

export function withoutDefaults(entry: ConfigMonitor): ConfigMonitor {
  const kind = entry.kind;
  const pinged = Boolean(monitorKinds[kind].nextRunAt);
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(entry)) {
    if (value === undefined) continue;
    if (pinged && (OUTBOUND_FIELDS as readonly string[]).includes(field)) continue;
    const fallback = field === 'kind' ? null : defaultOf(kind, field);
    if (fallback && isDeepStrictEqual(fallback.value, value)) continue;
    kept[field] = value;
  }
  return kept as ConfigMonitor;
}
