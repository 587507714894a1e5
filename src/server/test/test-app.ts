import { type Auth, createAuth } from '../auth/auth.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import { createApp } from '../http/app.ts';
import { createLogger } from '../logger.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export const TEST_PUBLIC_URL = 'http://localhost:3000';
export const TEST_SECRET = 'test-secret-key-that-is-long-enough-0123456789';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  auth: Auth;
  database: TestDatabase;
  /** `app.request` with the trusted Origin header better-auth requires on cookie requests. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export type TestConfig = Partial<Pick<Config, 'publicUrl' | 'github' | 'trustProxy'>>;

export function buildApp(
  database: DatabaseHandle,
  overrides: TestConfig = {},
  webDistDir = '/nonexistent-upwatch-dist',
) {
  const config = { publicUrl: TEST_PUBLIC_URL, github: undefined, trustProxy: false, ...overrides };
  const logger = createLogger('silent');
  const auth = createAuth({
    config,
    secret: TEST_SECRET,
    db: database.db,
    dialect: database.dialect,
    logger,
  });
  const app = createApp({ config, auth, logger, webDistDir });
  return { app, auth };
}

export async function createTestApp(overrides: TestConfig = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const { app, auth } = buildApp(database, overrides);
  const origin = overrides.publicUrl ?? TEST_PUBLIC_URL;
  return {
    app,
    auth,
    database,
    request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('origin')) headers.set('origin', origin);
      return Promise.resolve(app.request(path, { ...init, headers }));
    },
    close: () => database.destroy(),
  };
}
