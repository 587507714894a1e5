// The seam between /api/billing and whoever keeps the books: the local engine (default) or the
// hosted API. Bodies are BILLING.md §2's snake_case bodies with the customer already injected.
import type { CustomerIdentity } from './customers.ts';

export type Body = Record<string, unknown>;

export interface BillingProvider {
  readonly name: 'local' | 'autumn';
  customer(identity: CustomerIdentity, body: Body): Promise<unknown>;
  products(customerId: string | null): Promise<{ list: unknown[] }>;
  checkout(identity: CustomerIdentity, body: Body): Promise<unknown>;
  attach(identity: CustomerIdentity, body: Body): Promise<unknown>;
  setupPayment(customerId: string, body: Body): Promise<unknown>;
  cancel(customerId: string, body: Body): Promise<unknown>;
  check(customerId: string, body: Body): Promise<unknown>;
  track(customerId: string, body: Body): Promise<unknown>;
  billingPortal(customerId: string, body: Body): Promise<unknown>;
  query(customerId: string, body: Body): Promise<unknown>;
  createEntities(customerId: string, body: Body | Body[]): Promise<unknown>;
  getEntity(customerId: string, entityId: string): Promise<unknown>;
  deleteEntity(customerId: string, entityId: string): Promise<unknown>;
  referralCode(customerId: string, body: Body): Promise<unknown>;
  redeemReferral(customerId: string, body: Body): Promise<unknown>;
}
