import { describe, expect, it } from 'vitest';
import { fieldRating } from './field-vitals.ts';

describe('a field value rated as Google rates page views', () => {
  it('is good up to the good boundary, poor past the poor one, and needs improvement between', () => {
    expect([2500, 2501, 4000, 4001].map((ms) => fieldRating('lcp', ms))).toEqual([
      'good',
      'needsImprovement',
      'needsImprovement',
      'poor',
    ]);
    expect([200, 201, 500, 501].map((ms) => fieldRating('inp', ms))).toEqual([
      'good',
      'needsImprovement',
      'needsImprovement',
      'poor',
    ]);
    expect([0, 0.1, 0.11, 0.25, 0.26].map((cls) => fieldRating('cls', cls))).toEqual([
      'good',
      'good',
      'needsImprovement',
      'needsImprovement',
      'poor',
    ]);
    expect([1800, 3001].map((ms) => fieldRating('fcp', ms))).toEqual(['good', 'poor']);
    expect([800, 1800, 1801].map((ms) => fieldRating('ttfb', ms))).toEqual([
      'good',
      'needsImprovement',
      'poor',
    ]);
  });
});
