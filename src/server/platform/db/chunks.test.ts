import { expect, it } from 'vitest';
import { powerOfTwoChunks } from './chunks.ts';

it('splits any batch into power-of-two chunks of at most the maximum, in order, losing nothing', () => {
  const sizes = (n: number, max: number) =>
    [
      ...powerOfTwoChunks(
        Array.from({ length: n }, (_, i) => i),
        max,
      ),
    ].map((chunk) => chunk.length);
  expect(sizes(0, 512)).toEqual([]);
  expect(sizes(1, 512)).toEqual([1]);
  expect(sizes(83, 512)).toEqual([64, 16, 2, 1]);
  expect(sizes(1300, 512)).toEqual([512, 512, 256, 16, 4]);
  const rows = Array.from({ length: 203 }, (_, i) => i);
  expect([...powerOfTwoChunks(rows, 64)].flat()).toEqual(rows);
  // Every size a batch of 1..600 rows makes is one of log2(512) + 1 = 10.
  const shapes = new Set(Array.from({ length: 600 }, (_, n) => sizes(n + 1, 512)).flat());
  expect(shapes.size).toBe(10);
});
