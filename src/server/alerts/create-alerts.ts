// Builds the alert pieces from explicit parts, for the web app (channels, test sends) and the
// worker (the delivery job) alike.
import type { Kysely } from 'kysely';
import type { ProviderUrls } from '../../core/channels/delivery.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import type { TargetGuard } from '../platform/net/target-guard.ts';
import { createAcknowledgeLinks } from './ack-token.ts';
import { createChannelService } from './channel-service.ts';
import { type AlertDispatcher, createAlertDispatcher } from './dispatch.ts';
import { createPostJson } from './post-json.ts';
import { deriveSealKey } from './sealed-config.ts';

export interface AlertDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** SECRET_KEY (resolved): channel configs are sealed with a key derived from it. */
  secret: string;
  publicUrl: string;
  entitlements: Pick<EntitlementsHelper, 'check'>;
  /** Sends go through it; ALLOW_PRIVATE_TARGETS decides whether loopback receivers are reachable. */
  guard: TargetGuard;
  mailer: Mailer;
  /** Hosted providers' API bases (config); the real services when left out. */
  providers?: ProviderUrls;
}

export function createDispatcher(deps: AlertDeps): AlertDispatcher {
  const { db, clock, secret, publicUrl, entitlements, guard, mailer, providers } = deps;
  return createAlertDispatcher({
    db,
    key: deriveSealKey(secret),
    clock,
    publicUrl,
    mailer,
    postJson: createPostJson(guard),
    providers,
    entitlements,
    acknowledgeLink: createAcknowledgeLinks({ secret, publicUrl, clock, entitlements }),
  });
}

export function createAlerts(deps: AlertDeps & { vetUrl(url: string): Promise<void> }) {
  const dispatcher = createDispatcher(deps);
  return createChannelService({
    db: deps.db,
    clock: deps.clock,
    key: deriveSealKey(deps.secret),
    vetUrl: deps.vetUrl,
    entitlements: deps.entitlements,
    dispatcher,
  });
}
