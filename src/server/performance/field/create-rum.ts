// Real-user monitoring's parts, built once per process: the key directory, the page-view buffer
// and the route cap are shared by the beacon route and the settings API.
import type { Kysely } from 'kysely';
import type { FieldGrouping, FieldRange } from '../../../core/api/field.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Dialect } from '../../platform/db/connect.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import { fieldReport } from './field-report.ts';
import { createPageViewBuffer } from './page-view-buffer.ts';
import { createRouteCap } from './route-cap.ts';
import { createRumDirectory } from './rum-directory.ts';
import { createRumSettings } from './rum-settings.ts';

export interface RumDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
}

export function createRealUserMonitoring({ db, dialect, clock, logger, publicUrl }: RumDeps) {
  const directory = createRumDirectory(db, clock);
  const buffer = createPageViewBuffer({ db, dialect, clock, logger });
  return {
    directory,
    buffer,
    routes: createRouteCap(db),
    settings: createRumSettings({ db, clock, publicUrl, directory }),
    report: (workspaceId: string, siteId: string, query: { range: FieldRange; groupBy: FieldGrouping }) =>
      fieldReport(db, clock, workspaceId, siteId, query),
  };
}

export type RealUserMonitoring = ReturnType<typeof createRealUserMonitoring>;
