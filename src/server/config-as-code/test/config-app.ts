// A test app driven through /api/v1/config as its signed-in users, on the database of the run.
import type { ConfigApplyResult } from '../../../core/api/config-file.ts';
import type { TestUser } from '../../test/factories.ts';
import { createUserApp } from '../../test/user-app.ts';

const START = Date.UTC(2026, 0, 5, 12);

export async function createConfigApp() {
  const app = await createUserApp(START);
  return {
    ...app,
    exportOf(user: TestUser) {
      return app.send(user, 'GET', '/config/export').then((response) => app.json(response, 200));
    },
    async applyAs(user: TestUser, body: Record<string, unknown>, status = 200) {
      return app.json<ConfigApplyResult>(await app.send(user, 'POST', '/config/apply', body), status);
    },
  };
}
export type ConfigApp = Awaited<ReturnType<typeof createConfigApp>>;

/** A `${NAME}` reference as the file writes it. */
export const ref = (name: string) => `\${${name}}`;

/** What the CLI does before it sends: each `${VAR}` filled in from the environment. */
export function fillIn(file: unknown, env: Record<string, string>): unknown {
  return JSON.parse(
    JSON.stringify(file).replace(/\$\{([A-Z0-9_]+)\}/g, (_, name: string) => env[name] ?? ''),
  );
}
