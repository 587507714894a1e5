// Stores one certificate check with the alerts it calls for, in one transaction: the history
// row, the monitor's certificate state (next check, badge, what was alerted) and the pending
// deliveries. A claim lost meanwhile (another worker took over) stores nothing.
import { type Kysely, sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { AlertEvent } from '../../core/alerts/alert-event.ts';
import type { SslProblemCode } from '../../core/api/ssl.ts';
import { enqueueAlert } from '../alerts/enqueue.ts';
import type { SslCheckResult } from '../checks/ssl.ts';
import type { Database, MonitorTable } from '../platform/db/schema.ts';
import type { MonitorSslStateTable } from '../platform/db/ssl-schema.ts';
import { sslCheckRow } from './check-rows.ts';
import { decideSslAlerts, type WarningState } from './warnings.ts';

/** How often each https monitor's certificate is checked (besides when it changes). */
export const SSL_CHECK_EVERY_MS = 12 * 3_600_000;

function warningStateOf(state: MonitorSslStateTable): WarningState {
  return {
    fingerprint: state.warned_fingerprint,
    validTo: state.valid_to,
    warnedDays: JSON.parse(state.warned_days) as number[],
    inWarningWindow: state.in_warning_window === 1,
    problemCodes: JSON.parse(state.problem_codes) as SslProblemCode[],
  };
}

export interface FinishedSslCheck {
  monitor: MonitorTable;
  /** The state row as claimed. */
  state: MonitorSslStateTable;
  result: SslCheckResult;
  workerId: string;
}

export async function recordSslCheck(
  db: Kysely<Database>,
  { monitor, state, result, workerId }: FinishedSslCheck,
): Promise<boolean> {
  const { alerts, next } = decideSslAlerts(warningStateOf(state), result);
  const read = result.certificate !== null;
  return db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('monitor_ssl_state')
      .set({
        next_check_at: result.startedAt + SSL_CHECK_EVERY_MS,
        claimed_until: null,
        claimed_by: null,
        // Only the HTTP check moves a known fingerprint on: were this check to overwrite it with
        // a leaf the HTTP check never sees (a server with RSA and ECDSA certificates), each HTTP
        // check would trigger another certificate check.
        last_fingerprint: sql<
          string | null
        >`coalesce(last_fingerprint, ${result.certificate?.fingerprintSha256 ?? null})`,
        last_checked_at: result.startedAt,
        valid_to: read ? next.validTo : state.valid_to,
        problem_count: read ? result.problems.length : state.problem_count,
        problem_codes: JSON.stringify(next.problemCodes),
        warned_fingerprint: next.fingerprint,
        warned_days: JSON.stringify(next.warnedDays),
        in_warning_window: next.inWarningWindow ? 1 : 0,
      })
      .where('monitor_id', '=', monitor.id)
      .where('claimed_by', '=', workerId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await tx
      .insertInto('ssl_checks')
      .values(sslCheckRow(uuidv7(), monitor.id, result))
      .execute();
    for (const alert of alerts) {
      const event: AlertEvent = {
        kind: alert.kind,
        at: result.startedAt,
        monitor: { id: monitor.id, name: monitor.name, url: monitor.url },
        incident: null,
        failure: null,
        downtimeMs: null,
        certificate: alert.certificate,
      };
      await enqueueAlert(tx, {
        workspaceId: monitor.workspace_id,
        incidentId: null,
        event,
        now: result.startedAt,
      });
    }
    return true;
  });
}
