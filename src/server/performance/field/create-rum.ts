// Real-user monitoring's parts, built once per process: the key directory, the page-view buffer,
// the page-view meter, the route cap and the beacon intake are shared by the beacon route, the
// web server's beacon listener and the settings API.
import type { Kysely } from 'kysely';
import type { FieldGrouping, FieldRange } from '../../../core/api/field.ts';
import type { EntitlementsHelper } from '../../billing/plan-summary.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Dialect } from '../../platform/db/connect.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import { fieldReport } from './field-report.ts';
import { createBeaconIntake } from './intake.ts';
import { createPageViewBuffer } from './page-view-buffer.ts';
import { createPageViewMeter } from './page-view-meter.ts';
import { createRouteCap } from './route-cap.ts';
import { createRumDirectory } from './rum-directory.ts';
import { createRumSettings } from './rum-settings.ts';

export interface RumDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  /** Page views are metered as `rum_pageviews`. */
  entitlements: EntitlementsHelper;
}

export function createRealUserMonitoring({ db, dialect, clock, logger, publicUrl, entitlements }: RumDeps) {
  const directory = createRumDirectory(db, clock);
  const buffer = createPageViewBuffer({ db, dialect, clock, logger });
  const meter = createPageViewMeter({ entitlements, clock, logger });
  const routes = createRouteCap(db);
  return {
    directory,
    buffer,
    meter,
    routes,
    intake: createBeaconIntake({ directory, buffer, meter, routes, clock }),
    settings: createRumSettings({ db, clock, publicUrl, directory, meter }),
    report: (workspaceId: string, siteId: string, query: { range: FieldRange; groupBy: FieldGrouping }) =>
      fieldReport(db, clock, workspaceId, siteId, query),
  };
}

export type RealUserMonitoring = ReturnType<typeof createRealUserMonitoring>;
