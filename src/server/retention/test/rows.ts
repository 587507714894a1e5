// One row of each prunable kind, aged by its retention timestamp, written straight to the
// database for the retention tests and the benchmark's owner set-up.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../platform/db/schema.ts';
import { insertAutomaticIncident } from '../../test/incident-rows.ts';
import { insertPackedResult, insertResults } from '../../test/result-rows.ts';

export interface Owner {
  workspaceId: string;
  monitorId: string;
  siteId: string;
}

type Db = Kysely<Database>;

export async function insertSite(db: Db, workspaceId: string, now: number): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto('performance_sites')
    .values({
      id,
      workspace_id: workspaceId,
      url: 'https://shop.example.com',
      name: 'Shop',
      device: 'mobile',
      monitor_id: null,
      budgets: '[]',
      next_run_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

function rollupRow(monitorId: string, at: number) {
  return {
    monitor_id: monitorId,
    bucket_start: at,
    checks: 10,
    up_checks: 9,
    degraded_checks: 0,
    latency_sum_ms: 1200,
    latency_min_ms: 100,
    latency_max_ms: 140,
  };
}

/** Inserts one row of `kind` whose retention timestamp is `at`; returns its id. */
export const INSERT_AGED: Record<string, (db: Db, owner: Owner, at: number) => Promise<unknown>> = {
  checks: (db, { monitorId }, at) => insertResults(db, [{ monitor_id: monitorId, checked_at: at }]),
  checks_packed: (db, { monitorId }, at) => insertPackedResult(db, monitorId, at),
  ssl_checks: (db, { monitorId }, at) =>
    db
      .insertInto('ssl_checks')
      .values({
        id: uuidv7(),
        monitor_id: monitorId,
        checked_at: at,
        error_code: null,
        error_message: null,
        fingerprint_sha256: 'AA:01',
        certificate: null,
        chain: '[]',
        protocol: 'TLSv1.3',
        cipher: null,
        ocsp_stapled: 0,
        chain_complete: 1,
        trusted: 1,
        hostname_match: 1,
        days_remaining: 40,
        problems: '[]',
      })
      .execute(),
  performance_checks: (db, { workspaceId, siteId }, at) =>
    db
      .insertInto('performance_checks')
      .values({
        id: uuidv7(),
        site_id: siteId,
        workspace_id: workspaceId,
        status: 'succeeded',
        reason: 'schedule',
        queued_at: at,
        started_at: at,
        finished_at: at + 30_000,
        claimed_by: null,
        claimed_until: null,
        error_code: null,
        error_message: null,
        performance_score: 91,
        lcp_ms: 1800,
        cls: 0.01,
        tbt_ms: 90,
        fcp_ms: 900,
        speed_index_ms: 1500,
        server_response_ms: 120,
        total_bytes: 500_000,
        request_count: 40,
        opportunities: '[]',
        blocked_requests: '[]',
        violations: '[]',
        regressions: '[]',
      })
      .execute(),
  rum_hours: (db, owner, at) => insertRumRow(db, 'rum_hours', owner, at),
  rum_days: (db, owner, at) => insertRumRow(db, 'rum_days', owner, at),
  deployments: (db, { workspaceId }, at) =>
    db
      .insertInto('deployments')
      .values({
        id: uuidv7(),
        workspace_id: workspaceId,
        provider: 'api',
        version: 'v1.4.2',
        environment: 'production',
        commit_sha: null,
        branch: null,
        url: null,
        status: 'succeeded',
        provider_url: null,
        delivery_key: null,
        deployed_at: at,
        created_at: at,
      })
      .execute(),
  maintenance_windows: (db, { workspaceId }, at) =>
    db
      .insertInto('maintenance_windows')
      .values({
        id: uuidv7(),
        workspace_id: workspaceId,
        managed_key: null,
        name: 'Database upgrade',
        starts_at: at - 3_600_000,
        duration_minutes: 60,
        all_monitors: 1,
        recurrence: null,
        active_from: null,
        active_until: null,
        next_occurrence_at: null,
        next_transition_at: null,
        last_started_at: at - 3_600_000,
        last_ended_at: at,
        completed_at: at,
        deployment_id: null,
        created_at: at - 7_200_000,
        updated_at: at,
      })
      .execute(),
  status_page_notices: (db, { workspaceId }, at) =>
    db
      .insertInto('status_page_notices')
      .values({
        id: uuidv7(),
        workspace_id: workspaceId,
        kind: 'incident.resolved',
        monitor_ids: null,
        payload: '{}',
        created_at: at,
        fanout_at: null,
        fanout_cursor: null,
      })
      .execute(),
  audit_events: (db, { workspaceId }, at) =>
    db
      .insertInto('audit_events')
      .values({
        id: uuidv7(),
        workspace_id: workspaceId,
        at,
        actor_id: workspaceId,
        actor_name: 'Ada',
        api_key_id: null,
        action: 'monitor.create',
        resource_type: 'monitor',
        resource_id: null,
        resource_name: 'Homepage',
        address: '127.0.0.1',
      })
      .execute(),
  incidents: async (db, { workspaceId, monitorId }, at) => {
    const incident = await insertAutomaticIncident(db, workspaceId, monitorId, at - 3_600_000, {
      status: 'resolved',
      resolved_at: at,
    });
    await db
      .insertInto('incident_updates')
      .values({
        id: uuidv7(),
        incident_id: incident.id,
        status: 'resolved',
        message: 'Fixed.',
        author_id: null,
        created_at: at,
      })
      .execute();
    await db
      .insertInto('incident_notes')
      .values({
        id: uuidv7(),
        incident_id: incident.id,
        author_id: workspaceId,
        text: 'Disk full.',
        created_at: at,
        updated_at: at,
      })
      .execute();
  },
  performance_alerts: (db, { workspaceId, siteId }, at) =>
    db
      .insertInto('performance_alerts')
      .values({
        id: uuidv7(),
        site_id: siteId,
        workspace_id: workspaceId,
        violation_id: uuidv7(),
        kind: 'performance.budget_exceeded',
        metric: 'lcpMs',
        value: 3000,
        limit_value: 2500,
        created_at: at,
      })
      .execute(),
  budget_violations: (db, { workspaceId, siteId }, at) =>
    db
      .insertInto('budget_violations')
      .values({
        id: uuidv7(),
        site_id: siteId,
        workspace_id: workspaceId,
        metric: 'lcpMs',
        limit_value: 2500,
        worst_value: 3000,
        started_run_id: uuidv7(),
        started_at: at - 86_400_000,
        ended_run_id: uuidv7(),
        recovered_at: at,
      })
      .execute(),
  digest_reports: (db, { workspaceId }, at) =>
    db
      .insertInto('digest_reports')
      .values({
        id: uuidv7(),
        user_id: workspaceId,
        frequency: 'weekly',
        period_start: at - 7 * 86_400_000,
        period_end: at,
        html: '<p>Digest</p>',
        data: '{}',
        created_at: at,
        sent_at: at,
      })
      .execute(),
  rollups_hourly: (db, { monitorId }, at) =>
    db.insertInto('rollups_hourly').values(rollupRow(monitorId, at)).execute(),
  rollups_daily: (db, { monitorId }, at) =>
    db.insertInto('rollups_daily').values(rollupRow(monitorId, at)).execute(),
  region_rollups_daily: (db, { monitorId }, at) =>
    db
      .insertInto('region_rollups_daily')
      .values({
        monitor_id: monitorId,
        bucket_start: at,
        region: 'eu-west',
        checks: 10,
        up_checks: 9,
        latency_sum_ms: 1200,
      })
      .execute(),
};

function insertRumRow(db: Db, table: 'rum_hours' | 'rum_days', { workspaceId, siteId }: Owner, at: number) {
  return db
    .insertInto(table)
    .values({
      site_id: siteId,
      hour_at: at,
      // Rows of one site and hour differ by route.
      route: `/r/${uuidv7()}`,
      device: 'mobile',
      workspace_id: workspaceId,
      page_views: 1,
      metrics: '{}',
    })
    .execute();
}
