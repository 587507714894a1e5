// One runner per check kind. Adding a kind: add it to CHECK_KINDS, write its runner, add one line
// here; the compiler refuses a kind without a runner or a runner filed under the wrong kind.
import { httpCheckRunner } from './http.ts';
import { performanceCheckRunner } from './performance.ts';
import { sslCheckRunner } from './ssl.ts';
import type { CheckKind, CheckResult, CheckRunner } from './types.ts';

export const checkRunners = {
  http: httpCheckRunner,
  ssl: sslCheckRunner,
  performance: performanceCheckRunner,
} satisfies { [K in CheckKind]: CheckRunner<never, CheckResult, K> };

export type CheckConfigOf<K extends CheckKind> = Parameters<(typeof checkRunners)[K]['run']>[0];
export type CheckResultOf<K extends CheckKind> = Awaited<ReturnType<(typeof checkRunners)[K]['run']>>;
