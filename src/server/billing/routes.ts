// /api/billing (BILLING.md §1–2): the customer always comes from the session, bodies in either
// spelling, errors as flat {message, code}. Upwatch rule 1 is enforced here, before any
// provider sees the call.
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Kysely } from 'kysely';
import type { AuditAction } from '../../core/api/audit.ts';
import { BillingError } from '../../core/billing/errors.ts';
import { SERVER_OWNED_FEATURES } from '../../core/billing/upwatch-catalogue.ts';
import { can, refusalMessage } from '../../core/permissions.ts';
import { recordAudit } from '../audit/record.ts';
import type { Auth } from '../auth/auth.ts';
import { loadSession } from '../auth/load-session.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import { isDatabaseUnavailable } from '../platform/db/unavailable.ts';
import { type AppEnv, requireCaller, type SessionUser } from '../platform/http/caller.ts';
import { crossSiteMessage, crossSiteWrite, trustedOriginSet } from '../platform/http/csrf.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, errorBody } from '../platform/http/errors.ts';
import type { Logger } from '../platform/logger.ts';
import { normaliseBody } from './body.ts';
import type { CustomerIdentity } from './customers.ts';
import type { BillingProvider, Body } from './provider.ts';

const SERVER_OWNED = new Set<string>(SERVER_OWNED_FEATURES);
const BILLING_PREFIX = '/api/billing';

function refuseServerOwned(featureId: unknown) {
  if (typeof featureId === 'string' && SERVER_OWNED.has(featureId)) {
    throw new BillingError(
      403,
      'feature_not_client_trackable',
      `${featureId} is counted by Upwatch itself and cannot be changed from the browser`,
    );
  }
}

/**
 * What any member may ask of their workspace's billing: the plan and features their screens are
 * gated by. The rest (paying, changing plan, invoices, usage) is the owner's.
 */
const MEMBER_READS = new Set([
  'POST /cors',
  'GET /products',
  'GET /components/pricing_table',
  'POST /customers',
  'POST /check',
]);
/** Parts of the customer only its owner sees. */
const OWNER_EXPANDS = new Set(['invoices', 'payment_method', 'referrals', 'rewards']);

function identityOf(user: SessionUser): CustomerIdentity {
  return { id: user.id, name: user.name, email: user.email };
}

export interface BillingRouteDeps {
  auth: Auth;
  /** Upwatch's own origins: a write made with the session cookie must come from one (platform/http/csrf.ts). */
  trustedOrigins: readonly string[];
  db: Kysely<Database>;
  clock: Clock;
  provider: BillingProvider;
  logger: Logger;
  /** Extra routes only the local provider has (sandbox payment pages). */
  extend?(app: Hono<AppEnv>): void;
}

export function createBillingRoutes({
  auth,
  trustedOrigins,
  db,
  clock,
  provider,
  logger,
  extend,
}: BillingRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => {
    if (err instanceof BillingError) {
      return c.json({ message: err.message, code: err.code }, err.status as ContentfulStatusCode);
    }
    // Billing's own error shape, with the 503 the rest of the API gives while the database is away.
    if (isDatabaseUnavailable(err)) {
      const { error } = errorBody('database_unavailable', DATABASE_UNAVAILABLE_MESSAGE);
      return c.json(error, 503, { 'Retry-After': '5' });
    }
    logger.error({ err }, 'billing request failed');
    return c.json({ message: 'Something went wrong on our side.', code: 'internal_error' }, 500);
  });
  app.use('*', loadSession(auth, db));
  // A body-less POST (cancel, attach with defaults) needs no CORS preflight: a page on another
  // origin could send one with the cookie, as it could to /api/v1 (issue 40, item 7).
  const origins = trustedOriginSet(trustedOrigins);
  app.use('*', async (c, next) => {
    const refused = crossSiteWrite(c, origins);
    if (refused) throw new BillingError(403, 'csrf_origin', crossSiteMessage(refused.from));
    await next();
  });
  // The customer is the workspace: members read its plan, only its owner pays, changes or sees the rest.
  app.use('*', async (c, next) => {
    const { workspace } = c.var;
    const route = `${c.req.method} ${c.req.path.slice(BILLING_PREFIX.length)}`;
    if (workspace && !can(workspace.role, 'manageBilling') && !MEMBER_READS.has(route)) {
      throw new BillingError(403, 'forbidden_role', refusalMessage('manageBilling', workspace.role));
    }
    await next();
  });

  const readBody = async (c: {
    req: { text(): Promise<string>; header(name: string): string | undefined };
  }): Promise<Body | Body[]> => {
    const text = await c.req.text();
    if (!text.trim()) return {};
    // Only JSON: a cross-site form cannot send it without a CORS preflight.
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
      throw new BillingError(
        415,
        'unsupported_media_type',
        'Send the body as JSON (Content-Type: application/json).',
      );
    }
    try {
      return normaliseBody(JSON.parse(text));
    } catch {
      throw new BillingError(400, 'invalid_request', 'The request body is not valid JSON');
    }
  };
  const single = (body: Body | Body[]): Body => {
    if (Array.isArray(body)) throw new BillingError(400, 'invalid_request', 'Send one object, not an array');
    return body;
  };
  /** The signed-in person acting for their workspace's customer (its id is the workspace's). */
  const customerOf = (c: { var: AppEnv['Variables'] }): SessionUser => {
    if (!c.var.user) throw new BillingError(401, 'no_customer_id', 'Sign in to continue.');
    return { ...c.var.user, id: c.var.workspace?.id ?? c.var.user.id };
  };
  const ownerOnlyExpandsDropped = (c: { var: AppEnv['Variables'] }, body: Body): Body => {
    const { workspace } = c.var;
    if (!workspace || can(workspace.role, 'manageBilling') || !Array.isArray(body.expand)) return body;
    return { ...body, expand: body.expand.filter((part) => !OWNER_EXPANDS.has(String(part))) };
  };

  /**
   * Records a change of plan in the workspace's audit log once the provider has made it: a hosted
   * provider's write happens at its end, in no transaction of ours.
   */
  const audited = async <T>(
    c: { var: AppEnv['Variables'] },
    action: AuditAction,
    name: unknown,
    result: T,
  ) => {
    customerOf(c);
    await recordAudit(db, requireCaller(c), clock.now(), {
      action,
      resource: { id: null, name: typeof name === 'string' ? name : null },
    });
    return result;
  };

  app.post('/cors', (c) => c.json({ message: 'OK' }));
  const customerIdOf = (c: { var: AppEnv['Variables'] }) => (c.var.user ? customerOf(c).id : null);
  app.get('/products', async (c) => c.json(await provider.products(customerIdOf(c))));
  app.get('/components/pricing_table', async (c) => c.json(await provider.products(customerIdOf(c))));

  app.post('/customers', async (c) => {
    const body = single(await readBody(c));
    if (!c.var.user && body.error_on_not_found === false) return c.json(null, 202);
    return c.json(await provider.customer(identityOf(customerOf(c)), ownerOnlyExpandsDropped(c, body)));
  });
  app.post('/checkout', async (c) =>
    c.json(await provider.checkout(identityOf(customerOf(c)), single(await readBody(c)))),
  );
  app.post('/attach', async (c) => {
    const body = single(await readBody(c));
    const result = await provider.attach(identityOf(customerOf(c)), body);
    // With a checkout to pay first, nothing changed yet.
    const paid = (result as { checkout_url?: unknown } | null)?.checkout_url;
    return c.json(paid ? result : await audited(c, 'billing.attach', body.product_id, result));
  });
  app.post('/setup_payment', async (c) =>
    c.json(await provider.setupPayment(customerOf(c).id, single(await readBody(c)))),
  );
  app.post('/cancel', async (c) => {
    const body = single(await readBody(c));
    return c.json(
      await audited(c, 'billing.cancel', body.product_id, await provider.cancel(customerOf(c).id, body)),
    );
  });
  app.post('/check', async (c) => {
    const body = single(await readBody(c));
    if (body.send_event) refuseServerOwned(body.feature_id);
    return c.json(await provider.check(customerOf(c).id, body));
  });
  app.post('/track', async (c) => {
    const body = single(await readBody(c));
    refuseServerOwned(body.feature_id);
    refuseServerOwned(body.event_name);
    return c.json(await provider.track(customerOf(c).id, body));
  });
  app.post('/billing_portal', async (c) =>
    c.json(await provider.billingPortal(customerOf(c).id, single(await readBody(c)))),
  );
  app.post('/query', async (c) => c.json(await provider.query(customerOf(c).id, single(await readBody(c)))));
  app.post('/entities', async (c) => {
    const body = await readBody(c);
    for (const one of Array.isArray(body) ? body : [body]) refuseServerOwned(one.feature_id);
    return c.json(await provider.createEntities(customerOf(c).id, body));
  });
  app.get('/entities', () => {
    throw new BillingError(400, 'no_entity_id', 'Name the entity: /entities/:id');
  });
  app.get('/entities/:id', async (c) =>
    c.json(await provider.getEntity(customerOf(c).id, c.req.param('id'))),
  );
  app.delete('/entities/:id', async (c) =>
    c.json(await provider.deleteEntity(customerOf(c).id, c.req.param('id'))),
  );
  app.post('/referrals/code', async (c) =>
    c.json(await provider.referralCode(customerOf(c).id, single(await readBody(c)))),
  );
  app.post('/referrals/redeem', async (c) =>
    c.json(
      await audited(
        c,
        'billing.redeem',
        null,
        await provider.redeemReferral(customerOf(c).id, single(await readBody(c))),
      ),
    ),
  );
  extend?.(app);
  app.all('*', () => {
    throw new BillingError(404, 'not_found', 'No such billing route');
  });
  return app;
}
