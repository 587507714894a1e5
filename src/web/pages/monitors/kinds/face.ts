// The part of a monitor kind's web entry that lists, badges and tab bars need: its name, icon,
// tabs and how its check times read. Kept apart from forms and panels (./types.ts) so the
// dashboard's first screen loads only this.
import type { LucideIcon } from 'lucide-react';
import type { MonitorKind } from '../../../../core/api/monitors';

/** Tabs of the monitor page that only some kinds have; every kind has the others. */
export const OPTIONAL_TABS = ['performance', 'deployments', 'security'] as const;
export type OptionalTab = (typeof OPTIONAL_TABS)[number];

export interface KindFace<K extends MonitorKind> {
  kind: K;
  /** Short, for badges in lists: "HTTP". */
  label: string;
  /** For the kind picker: "HTTP(S) website or API". */
  title: string;
  /** One line under the title in the kind picker. */
  description: string;
  icon: LucideIcon;
  /** The optional tabs this kind's monitors have. */
  tabs: readonly OptionalTab[];
  /**
   * Nothing is fetched or timed (a heartbeat's verdicts take 0 ms): no response chart or latency
   * on the overview, no timeout or degraded threshold in the form.
   */
  untimed?: boolean;
  /** How a check's time reads, where plain whole milliseconds would mislead; formatMs otherwise. */
  formatLatency?: (ms: number) => string;
}

export function defineFace<K extends MonitorKind>(face: KindFace<K>): KindFace<K> {
  return face;
}
