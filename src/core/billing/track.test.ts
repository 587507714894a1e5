import { describe, expect, it } from 'vitest';
import { type Entitlement, nextResetAt, startingBalance } from './balances.ts';
import { entitlement } from './test-entitlements.ts';
import { deduct } from './track.ts';

function ent(id: string, o: Partial<Entitlement> = {}): Entitlement {
  const balance = o.balance ?? 10;
  return entitlement({
    id,
    feature_id: 'runs',
    included_usage: balance,
    starting_balance: balance,
    balance,
    ...o,
  });
}
const balances = (list: Entitlement[]) => Object.fromEntries(list.map((e) => [e.id, e.balance]));

describe('starting balance and next reset (BILLING.md §7)', () => {
  it.each([
    [
      'prepaid: included + packs × billing_units',
      {
        type: 'priced_feature',
        feature_id: 'm',
        included_usage: 5,
        usage_model: 'prepaid',
        billing_units: 10,
        price: 5,
      },
      [{ feature_id: 'm', quantity: 20 }],
      25,
    ],
    [
      'prepaid without an option counts one pack',
      { type: 'priced_feature', feature_id: 'm', usage_model: 'prepaid', billing_units: 50, price: 5 },
      [],
      50,
    ],
    ['included usage', { type: 'feature', feature_id: 'm', included_usage: 100 }, [], 100],
    ['unlimited has none', { type: 'feature', feature_id: 'm', included_usage: 'inf' }, [], null],
  ] as const)('%s', (_n, item, options, expected) => {
    expect(startingBalance(item, options)).toBe(expected);
  });

  it('resets one interval after now on the anchor, and never for lifetime grants', () => {
    const anchor = Date.UTC(2025, 0, 31);
    expect(
      nextResetAt(
        { type: 'feature', feature_id: 'r', included_usage: 1, interval: 'month' },
        false,
        anchor,
        Date.UTC(2025, 2, 5),
      ),
    ).toBe(Date.UTC(2025, 2, 31));
    expect(
      nextResetAt(
        { type: 'feature', feature_id: 'r', included_usage: 1, interval: 'month' },
        false,
        anchor,
        anchor,
      ),
    ).toBe(Date.UTC(2025, 1, 28));
    expect(
      nextResetAt({ type: 'feature', feature_id: 'r', included_usage: 1 }, false, anchor, anchor),
    ).toBeNull();
    expect(
      nextResetAt(
        { type: 'feature', feature_id: 'r', included_usage: 'inf', interval: 'month' },
        false,
        anchor,
        anchor,
      ),
    ).toBeNull();
  });
});

describe('track deduction order (BILLING.md §7)', () => {
  it('takes from the monthly balance before a lifetime top-up (performance_run_pack adds on top)', () => {
    const list = [
      ent('pack', { balance: 50, interval: null, is_add_on: true }),
      ent('plan', { balance: 10 }),
    ];
    expect(balances(deduct(list, 'runs', 12).entitlements)).toEqual({ pack: 48, plan: 0 });
  });

  it.each([
    [
      'shorter interval first',
      [ent('year', { interval: 'year' }), ent('day', { interval: 'day' })],
      { year: 7, day: 0 },
    ],
    ['main product before add-on', [ent('addon', { is_add_on: true }), ent('main')], { addon: 7, main: 0 }],
    ['oldest first', [ent('new', { created_at: 2 }), ent('old', { created_at: 1 })], { new: 7, old: 0 }],
    [
      'non-overage before overage',
      [ent('ppu', { overage_allowed: true }), ent('plain')],
      { ppu: 7, plain: 0 },
    ],
  ])('%s', (_n, list, expected) => {
    expect(balances(deduct(list, 'runs', 13).entitlements)).toEqual(expected);
  });

  it('changes nothing when an unlimited entitlement exists', () => {
    const list = [ent('limited'), ent('inf', { unlimited: true })];
    expect(balances(deduct(list, 'runs', 5).entitlements)).toEqual({ limited: 10, inf: 10 });
  });

  it('uses rollovers first and never goes below 0 on a plain entitlement', () => {
    const [e] = deduct(
      [ent('a', { rollovers: [{ balance: 3, expires_at: null }] })],
      'runs',
      20,
    ).entitlements;
    expect(e?.rollovers[0]?.balance).toBe(0);
    expect(e?.balance).toBe(0);
  });

  it('sends the remainder to pay-per-use, floored at included − usage_limit', () => {
    const list = [
      ent('plain', { balance: 5 }),
      ent('ppu', { balance: 100, included_usage: 100, usage_limit: 150, overage_allowed: true }),
    ];
    const result = deduct(list, 'runs', 200);
    expect(balances(result.entitlements)).toEqual({ plain: 0, ppu: -50 });
    expect(result.dropped).toBe(45);
  });

  it('lets a continuous-use feature go negative and never fails', () => {
    const result = deduct([ent('monitors', { balance: 1 })], 'runs', 3, { continuous: true });
    expect(result.entitlements[0]?.balance).toBe(-2);
    expect(result.dropped).toBe(0);
  });

  it('charges a credit system for the uncovered part at credit_cost, once', () => {
    const list = [ent('own', { balance: 2 }), ent('credits', { feature_id: 'credits', balance: 100 })];
    const result = deduct(list, 'runs', 5, { creditSystems: [{ feature_id: 'credits', credit_cost: 2 }] });
    expect(balances(result.entitlements)).toEqual({ own: 0, credits: 94 });
  });

  it('does not charge credits for what pay-per-use absorbed', () => {
    const list = [
      ent('ppu', { overage_allowed: true, balance: 0, included_usage: 0 }),
      ent('credits', { feature_id: 'credits', balance: 100 }),
    ];
    const result = deduct(list, 'runs', 5, { creditSystems: [{ feature_id: 'credits', credit_cost: 2 }] });
    expect(balances(result.entitlements)).toEqual({ ppu: -5, credits: 100 });
  });

  it('draws from the named entity only, or from all entities in turn', () => {
    const seats = ent('seat', {
      entity_feature_id: 'seats',
      entities: { u1: { balance: 3 }, u2: { balance: 3 } },
    });
    expect(deduct([seats], 'runs', 2, { entityId: 'u2' }).entitlements[0]?.entities).toEqual({
      u1: { balance: 3 },
      u2: { balance: 1 },
    });
    expect(deduct([seats], 'runs', 4).entitlements[0]?.entities).toEqual({
      u1: { balance: 0 },
      u2: { balance: 2 },
    });
  });

  it('gives a negative value back to the last-drawn entitlement first, up to its start', () => {
    const list = [
      ent('ppu', { overage_allowed: true, balance: -3, starting_balance: 0 }),
      ent('plain', { balance: 4 }),
    ];
    expect(balances(deduct(list, 'runs', -5).entitlements)).toEqual({ ppu: 0, plain: 6 });
  });

  it('leaves the input untouched', () => {
    const list = [ent('a')];
    deduct(list, 'runs', 4);
    expect(list[0]?.balance).toBe(10);
  });
});
