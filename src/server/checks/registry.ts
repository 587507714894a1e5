// One runner per check kind. Adding a kind: add it to CHECK_KINDS, write its runner, add one line
// here; the compiler refuses a kind without a runner or a runner filed under the wrong kind.
import { dnsCheckRunner } from './dns.ts';
import { httpCheckRunner } from './http.ts';
import { performanceCheckRunner } from './performance.ts';
import { pingCheckRunner } from './ping.ts';
import { sslCheckRunner } from './ssl.ts';
import { tcpCheckRunner } from './tcp.ts';
import type { CheckKind, CheckResult, CheckRunner } from './types.ts';

export const checkRunners = {
  http: httpCheckRunner,
  tcp: tcpCheckRunner,
  ping: pingCheckRunner,
  dns: dnsCheckRunner,
  ssl: sslCheckRunner,
  performance: performanceCheckRunner,
} satisfies { [K in CheckKind]: CheckRunner<never, CheckResult, K> };

export type CheckConfigOf<K extends CheckKind> = Parameters<(typeof checkRunners)[K]['run']>[0];
export type CheckResultOf<K extends CheckKind> = Awaited<ReturnType<(typeof checkRunners)[K]['run']>>;
