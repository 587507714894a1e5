// What the web app knows about one monitor kind: how it is named and drawn, its part of the
// monitor form, and what its overview adds. One entry per kind in ./registry.ts.
import type { ComponentType } from 'react';
import type { CheckResult } from '../../../../core/api/history';
import type { MonitorKind, MonitorOf } from '../../../../core/api/monitors';
import type { ChartPart, ChartPercent, ChartSpread, CheckMs } from './chart-parts';
import type { KindFace } from './face';

/** Error messages by API field name (`url`, `port`, `expected`, …); `interval` for either interval field. */
export type FieldErrors = Partial<Record<string, string>>;

export interface SectionProps<S> {
  state: S;
  /** Changes some of the section's fields; the form clears their error messages. */
  set: (patch: Partial<S>) => void;
  errors: FieldErrors;
}

export interface KindUi<K extends MonitorKind, S> extends KindFace<K> {
  /** The form state of a new monitor of this kind. */
  emptyState: () => S;
  stateFromMonitor: (monitor: MonitorOf<K>) => S;
  /** The kind's fields as the API takes them, `kind` included; the API's schema validates them. */
  payloadOf: (state: S) => Record<string, unknown>;
  /** The API field a state field's error message belongs to, where the names differ. */
  errorFieldOf?: (stateKey: string) => string;
  /** An error message as the form shows it, given the path ("Assertion 2 (path): …"). */
  errorMessage?: (path: readonly PropertyKey[], message: string) => string;
  /** Due by its own schedule (a heartbeat's period or cron): the form shows no interval. */
  ownSchedule?: boolean;
  /** Upwatch fetches nothing, it only judges what arrives (a heartbeat's pings): no "Check now". */
  passive?: boolean;
  /** Watches no host, so no domain whose expiry could be watched. */
  noHost?: boolean;
  /** The field a `private_target` refusal is about. */
  targetField: string;

  /** Fields shown in the form's main card, beside name and interval. */
  Section: ComponentType<SectionProps<S>>;
  /** Fields in the collapsed "Advanced" card, above the shared timeout and degraded threshold. */
  advanced: {
    Section: ComponentType<SectionProps<S>>;
    /** Listed on the closed card: "Method, headers, body". */
    summary: string;
    /** API fields inside it: an error on one opens the card. */
    fields: readonly string[];
  } | null;

  /** How the overview's response chart describes this kind's timings. */
  chartDescription: string;
  /** What the response chart stacks and its legend names: only what this kind measures. */
  chartParts: readonly ChartPart[];
  /** A spread the chart shades behind the parts. */
  chartSpread?: ChartSpread;
  /** A percentage the chart draws as bars on an axis of its own. */
  chartPercent?: ChartPercent;
  /**
   * A check's time where its whole-millisecond totalMs would mislead, for the chart and the
   * Recent checks table; null when the check measured none.
   */
  checkMs?: CheckMs;
  /** A few words the Recent checks table adds under a check's time. */
  checkNote?: (result: CheckResult) => string | null;
  /** Checks get no HTTP status code: the Recent checks table has no Code column. */
  noStatusCode?: boolean;
  /** Facts the overview tab shows under the current status; null when there are none. */
  DetailPanel: ComponentType<{ monitor: MonitorOf<K> }> | null;
  /** Why the Security tab has no certificate to show, where a monitor of this kind can have none. */
  noCertificate?: string;
}

/** Declares a kind's entry with its own form state type checked throughout. */
export function defineKind<K extends MonitorKind, S>(ui: KindUi<K, S>): KindUi<K, S> {
  return ui;
}
