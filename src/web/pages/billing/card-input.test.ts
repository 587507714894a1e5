import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry } from './card-input';

describe('card input helpers', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4000 0000 0000 0002', '4000 0000 0000 0002'],
    ['4242-42', '4242 42'],
    ['12345678901234567890123', '1234 5678 9012 3456 789'],
  ])('groups %s as %s', (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });

  it.each([
    ['1', '', '1'],
    ['12', '1', '12 / '],
    ['12 / 3', '12 / ', '12 / 3'],
    ['1230', '', '12 / 30'],
    ['4', '', '04 / '],
    ['12 /', '12 / ', '1'],
  ])('turns %s (after %s) into %s', (typed, previous, shown) => {
    expect(formatExpiry(typed, previous)).toBe(shown);
  });

  it('keeps at most four CVC digits', () => {
    expect(formatCvc('12a345')).toBe('1234');
  });
});
