import { describe, expect, it } from 'vitest';
import { planCancel } from './cancel.ts';
import { DAY, holding, PERIOD_END, PERIOD_START, TEST_CATALOGUE } from './test-catalogue.ts';
import type { CustomerProduct } from './types.ts';

const NOW = PERIOD_START + 10 * DAY;
const has = (id: string, o: Partial<CustomerProduct> = {}) => holding(TEST_CATALOGUE, id, o);
const cancel = (products: CustomerProduct[], extra: Record<string, unknown> = {}, productId = 'pro') =>
  planCancel(TEST_CATALOGUE, products, { product_id: productId, ...extra }, NOW);

describe('cancel (BILLING.md §6)', () => {
  it('at the end of the cycle marks a paid plan cancelled and schedules the default product then', () => {
    const plan = cancel([has('pro')]);
    expect(plan.changes).toEqual([
      { kind: 'cancel', row_id: 'cp_pro', canceled_at: NOW, ends_at: PERIOD_END },
      { kind: 'schedule', product_id: 'free', entity_id: null, options: [], starts_at: PERIOD_END },
    ]);
    expect(plan.total).toBe(0);
  });

  it('only marks an add-on cancelled', () => {
    const plan = cancel([has('team'), has('extra_seats')], {}, 'extra_seats');
    expect(plan.changes).toEqual([
      { kind: 'cancel', row_id: 'cp_extra_seats', canceled_at: NOW, ends_at: PERIOD_END },
    ]);
  });

  it('refuses to cancel an already cancelled product', () => {
    expect(() => cancel([has('pro', { canceled_at: 1 })])).toThrow(
      expect.objectContaining({ code: 'invalid_request' }),
    );
  });

  it('asks to delete a scheduled paid product first', () => {
    const products = [has('team', { canceled_at: 1 }), has('pro', { status: 'scheduled' })];
    expect(() => cancel(products, {}, 'team')).toThrow('Delete the scheduled product first');
  });

  it('immediately expires now, refunds the unused 20 of 30 days and activates the default product', () => {
    const plan = cancel([has('pro')], { cancel_immediately: true });
    expect(plan.lines.map((l) => l.amount)).toEqual([-13.33]);
    expect(plan.total).toBe(-13.33);
    expect(plan.changes[0]).toEqual({ kind: 'expire', row_id: 'cp_pro', at: NOW });
    expect(plan.changes[1]).toMatchObject({ kind: 'activate', product_id: 'free', period_start: NOW });
  });

  it('immediately without prorate refunds nothing', () => {
    expect(cancel([has('pro')], { cancel_immediately: true, prorate: false }).lines).toEqual([]);
  });

  it('cancelling the scheduled product deletes it and un-cancels the current one', () => {
    const products = [has('team', { canceled_at: 1 }), has('pro', { status: 'scheduled' })];
    expect(cancel(products).changes).toEqual([
      { kind: 'delete', row_id: 'cp_pro' },
      { kind: 'uncancel', row_id: 'cp_team' },
    ]);
  });

  it('answers product_not_found for a product the customer does not hold', () => {
    expect(() => cancel([has('free')])).toThrow(
      expect.objectContaining({ code: 'product_not_found', status: 404 }),
    );
  });
});
