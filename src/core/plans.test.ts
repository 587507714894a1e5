import { describe, expect, it } from 'vitest';
import {
  effectivePlan,
  FEATURE_KEYS,
  featuresLost,
  formatCurrency,
  isLowerPlan,
  lowestPlanWith,
  PLAN_LIST,
  PLANS,
  remainingCount,
} from './plans.ts';

describe('the plan table (SPEC.md §9)', () => {
  it('lists free, starter and pro in that order at $0, $19, $39', () => {
    expect(PLAN_LIST.map((plan) => [plan.id, plan.displayName, plan.monthlyPrice])).toEqual([
      ['free', 'Free', 0],
      ['starter', 'Starter', 19],
      ['pro', 'Pro', 39],
    ]);
  });

  it.each([
    ['free', 5, 15, 2, 'weekly'],
    ['starter', 25, 10, 15, 'daily'],
    ['pro', 100, 1, 'unlimited', 'daily'],
  ] as const)(
    '%s: %s monitors, %s-minute interval, %s performance sites, %s web vitals',
    (id, monitors, interval, sites, vitals) => {
      const { limits } = PLANS[id];
      expect(limits.monitorsMax).toBe(monitors);
      expect(limits.minCheckIntervalMinutes).toBe(interval);
      expect(limits.perfSitesMax).toBe(sites);
      expect(limits.webVitalsFrequency).toBe(vitals);
    },
  );

  it.each([
    ['free', 100],
    ['starter', 1000],
    ['pro', 'unlimited'],
  ] as const)('%s allows %s subscribers per status page', (id, subscribers) => {
    expect(PLANS[id].limits.subscribersPerPage).toBe(subscribers);
  });

  it.each([
    ['free', 7, 30, 90],
    ['starter', 90, 180, 180],
    ['pro', 365, 365, 365],
  ] as const)(
    '%s keeps checks %s days, incidents %s days, digest reports %s days',
    (id, short, long, digests) => {
      expect(PLANS[id].limits.retentionDays).toEqual({
        checks: short,
        sslChecks: short,
        performanceChecks: short,
        deployments: short,
        incidents: long,
        performanceAlerts: long,
        budgetViolations: long,
        digestReports: digests,
      });
    },
  );

  it('gives features per SPEC.md §6: free SSL + status pages, starter adds four, pro everything', () => {
    const enabled = (id: keyof typeof PLANS) => FEATURE_KEYS.filter((key) => PLANS[id].features[key]);
    expect(enabled('free')).toEqual(['sslMonitoring', 'publicStatusPages']);
    expect(enabled('starter')).toEqual([
      'sslMonitoring',
      'publicStatusPages',
      'removeBranding',
      'incidentManagement',
      'performanceBudgets',
      'digests',
    ]);
    expect(enabled('pro')).toEqual([...FEATURE_KEYS]);
  });
});

describe('effectivePlan (SPEC.md §4)', () => {
  it('is pro when a pro product is active, even beside starter', () => {
    expect(
      effectivePlan([
        { id: 'starter', status: 'active' },
        { id: 'pro', status: 'active' },
      ]).plan.id,
    ).toBe('pro');
  });

  it('is starter when only starter is active', () => {
    expect(
      effectivePlan([
        { id: 'starter', status: 'active' },
        { id: 'pro', status: 'expired' },
      ]).plan.id,
    ).toBe('starter');
  });

  it('is free with no products or only inactive ones', () => {
    expect(effectivePlan([]).plan.id).toBe('free');
    expect(
      effectivePlan([
        { id: 'pro', status: 'scheduled' },
        { id: 'starter', status: 'past_due' },
      ]).plan.id,
    ).toBe('free');
  });

  it('counts a missing status as active and compares status case-insensitively', () => {
    expect(effectivePlan([{ id: 'pro' }]).plan.id).toBe('pro');
    expect(effectivePlan([{ id: 'starter', status: null }]).plan.id).toBe('starter');
    expect(effectivePlan([{ id: 'pro', status: 'ACTIVE' }]).plan.id).toBe('pro');
  });

  it('counts a trial as active', () => {
    expect(effectivePlan([{ id: 'starter', status: 'trialing' }]).plan.id).toBe('starter');
  });

  it('sets paid, active and isPro for any non-free plan', () => {
    expect(effectivePlan([{ id: 'starter' }])).toMatchObject({ paid: true, active: true, isPro: true });
    expect(effectivePlan([{ id: 'pro' }])).toMatchObject({ paid: true, active: true, isPro: true });
    expect(effectivePlan([])).toMatchObject({ paid: false, active: false, isPro: false });
  });
});

describe('plan helpers', () => {
  it('isLowerPlan follows the table order', () => {
    expect(isLowerPlan('free', 'starter')).toBe(true);
    expect(isLowerPlan('starter', 'pro')).toBe(true);
    expect(isLowerPlan('pro', 'free')).toBe(false);
    expect(isLowerPlan('starter', 'starter')).toBe(false);
  });

  it('featuresLost lists the labels of what a downgrade takes away', () => {
    expect(featuresLost('pro', 'starter')).toEqual([
      'API access',
      'Webhooks',
      'GitHub Actions',
      'Priority support',
    ]);
    expect(featuresLost('starter', 'free')).toEqual([
      'Remove branding',
      'Incident management',
      'Performance budgets',
      'Email digests',
    ]);
    expect(featuresLost('free', 'pro')).toEqual([]);
  });

  it('lowestPlanWith names the cheapest tier including a feature (gate pages)', () => {
    expect(lowestPlanWith('incidentManagement').displayName).toBe('Starter');
    expect(lowestPlanWith('digests').displayName).toBe('Starter');
    expect(lowestPlanWith('apiAccess').displayName).toBe('Pro');
    expect(lowestPlanWith('sslMonitoring').displayName).toBe('Free');
  });

  it('shows 999999 remaining for a non-numeric limit and never a negative count', () => {
    expect(remainingCount('unlimited', 40)).toBe(999999);
    expect(remainingCount(undefined, 0)).toBe(999999);
    expect(remainingCount(5, 2)).toBe(3);
    expect(remainingCount(5, 9)).toBe(0);
  });

  it('formats currency US-English style', () => {
    expect(formatCurrency(19)).toBe('$19');
    expect(formatCurrency(0)).toBe('$0');
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(39, 'EUR')).toBe('€39');
  });
});
