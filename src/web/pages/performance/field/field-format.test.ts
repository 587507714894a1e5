import { describe, expect, it } from 'vitest';
import type { FieldMetricSummary } from '../../../../core/api/field';
import {
  coreWebVitalsVerdict,
  type FieldMetrics,
  formatFieldValue,
  formatShare,
  worstFirst,
} from './field-format';

const at = (p75: number | null): FieldMetricSummary => ({
  p75,
  good: 0,
  needsImprovement: 0,
  poor: 0,
  count: p75 === null ? 0 : 1,
});
function metrics(values: Partial<Record<keyof FieldMetrics, number | null>>): FieldMetrics {
  return {
    lcp: at(values.lcp ?? null),
    inp: at(values.inp ?? null),
    cls: at(values.cls ?? null),
    fcp: at(values.fcp ?? null),
    ttfb: at(values.ttfb ?? null),
  };
}

describe('field figures', () => {
  it('reads times under a second in ms, from a second in seconds, and CLS to two decimals', () => {
    expect(formatFieldValue('inp', 87.4)).toBe('87 ms');
    expect(formatFieldValue('ttfb', 999.4)).toBe('999 ms');
    expect(formatFieldValue('lcp', 2140)).toBe('2.1 s');
    expect(formatFieldValue('fcp', 12_345)).toBe('12.3 s');
    expect(formatFieldValue('cls', 0.056)).toBe('0.06');
    expect(formatShare(0.62)).toBe('62 %');
    expect(formatShare(0.001)).toBe('<1 %');
  });

  it('passes Core Web Vitals only when LCP, INP and CLS are all good at p75', () => {
    expect(coreWebVitalsVerdict(metrics({ lcp: 2500, inp: 200, cls: 0.1 }))).toEqual({
      passes: true,
      unmeasured: [],
    });
    expect(coreWebVitalsVerdict(metrics({ lcp: 2501, inp: 100, cls: 0 }))?.passes).toBe(false);
    expect(coreWebVitalsVerdict(metrics({ lcp: 1000, inp: 100, cls: 0.3 }))?.passes).toBe(false);
    // A slow FCP or TTFB is not a Core Web Vital.
    expect(coreWebVitalsVerdict(metrics({ lcp: 1000, inp: 100, cls: 0, ttfb: 5000 }))?.passes).toBe(true);
  });

  it('judges without INP before anyone interacted, and gives no verdict with nothing measured', () => {
    expect(coreWebVitalsVerdict(metrics({ lcp: 1000, cls: 0 }))).toEqual({
      passes: true,
      unmeasured: ['inp'],
    });
    expect(coreWebVitalsVerdict(metrics({ ttfb: 300 }))).toBeNull();
  });

  it('sorts a poor group before one needing improvement, then by LCP, and unmeasured ones last', () => {
    const groups = [
      { key: 'fine', m: metrics({ lcp: 1000, inp: 100, cls: 0 }) },
      { key: 'unmeasured', m: metrics({}) },
      { key: 'slow-inp', m: metrics({ lcp: 900, inp: 300, cls: 0 }) },
      { key: 'poor-cls', m: metrics({ lcp: 800, inp: 100, cls: 0.4 }) },
      { key: 'finer', m: metrics({ lcp: 1500, inp: 100, cls: 0 }) },
    ];
    expect(groups.sort((a, b) => worstFirst(a.m, b.m)).map((group) => group.key)).toEqual([
      'poor-cls',
      'slow-inp',
      'finer',
      'fine',
      'unmeasured',
    ]);
  });
});
