import type { Catalogue, ReferralProgram } from '../../core/billing/types.ts';
import { type AppConfig, type AssembleOptions, assemble } from '../app/assemble.ts';
import type { createApp } from '../app/http/app.ts';
import type { Auth } from '../auth/auth.ts';
import type { Billing } from '../billing/create-billing.ts';
import { createTargetVetter } from '../monitors/vet-url.ts';
import type { RealUserMonitoring } from '../performance/field/create-rum.ts';
import { type Clock, systemClock } from '../platform/clock.ts';
import type { DatabaseHandle } from '../platform/db/connect.ts';
import { createLocalEventBus, type EventBus } from '../platform/events/bus.ts';
import { createLogger } from '../platform/logger.ts';
import { createTargetGuard, type Resolver } from '../platform/net/target-guard.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export const TEST_PUBLIC_URL = 'http://localhost:3000';
export const TEST_SECRET = 'test-secret-key-that-is-long-enough-0123456789';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  auth: Auth;
  billing: Billing;
  /** Real-user monitoring's parts: tests write its gathered page views with `rum.buffer.flush()`. */
  rum: RealUserMonitoring;
  database: TestDatabase;
  /** Attaches a product without payment, as the admin CLI's grant does (local provider). */
  grant(workspaceId: string, productId: string): Promise<unknown>;
  /** `app.request` with the trusted Origin header better-auth requires on cookie requests. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export type TestConfig = Partial<AppConfig>;

export interface BuildOptions {
  webDistDir?: string;
  clock?: Clock;
  catalogue?: Catalogue;
  programs?: readonly ReferralProgram[];
  poolSize?: number;
  allowPrivateTargets?: boolean;
  events?: EventBus;
  /** Channels' guard and mailer; the guard then also vets monitor URLs, as runtime.ts wires it. */
  alertParts?: AssembleOptions['alertParts'];
}

/** Test DNS: names under example.com look public; *.internal.test point into 10/8; nothing else resolves. */
export const testResolver: Resolver = async (hostname) => {
  if (hostname === 'example.com' || hostname.endsWith('.example.com'))
    return [{ address: '93.184.215.14', family: 4 }];
  if (hostname.endsWith('.internal.test')) return [{ address: '10.1.2.3', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

export function buildApp(database: DatabaseHandle, overrides: TestConfig = {}, options: BuildOptions = {}) {
  return assemble({
    config: {
      publicUrl: TEST_PUBLIC_URL,
      github: undefined,
      trustProxy: false,
      testMode: true,
      authAttemptsPerMinute: 10,
      billing: { kind: 'local' },
      ...overrides,
    },
    secret: TEST_SECRET,
    database,
    logger: createLogger('silent'),
    clock: options.clock ?? systemClock,
    catalogue: options.catalogue,
    programs: options.programs,
    events: options.events ?? createLocalEventBus(),
    vet: createTargetVetter(
      options.alertParts?.guard ??
        createTargetGuard({
          allowPrivateTargets: options.allowPrivateTargets ?? false,
          resolve: testResolver,
        }),
    ),
    alertParts: options.alertParts,
    webDistDir: options.webDistDir ?? '/nonexistent-upwatch-dist',
  });
}

export async function createTestApp(
  overrides: TestConfig = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ poolSize: options.poolSize });
  const { app, auth, billing, rum } = buildApp(database, overrides, options);
  const origin = overrides.publicUrl ?? TEST_PUBLIC_URL;
  return {
    app,
    auth,
    billing,
    rum,
    database,
    request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('origin')) headers.set('origin', origin);
      return Promise.resolve(app.request(path, { ...init, headers }));
    },
    grant(workspaceId, productId) {
      if (!billing.attach) throw new Error('grants need the local billing provider');
      return billing.attach.grant(workspaceId, productId);
    },
    close: () => database.destroy(),
  };
}
