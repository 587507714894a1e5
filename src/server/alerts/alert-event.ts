// What every alert channel renders: one event, whichever channel carries it.
import type { AlertKind } from '../db/incident-schema.ts';

export interface AlertEvent {
  kind: AlertKind;
  /** When it happened: the outage's first failure, or the recovery. */
  at: number;
  monitor: { id: string; name: string; url: string };
  incident: { id: string; title: string; startedAt: number } | null;
  /** The failing check, for a down alert. */
  failure: { statusCode: number | null; code: string | null; message: string | null } | null;
  /** How long the outage lasted, for a recovery. */
  downtimeMs: number | null;
}
