import { describe, expect, it } from 'vitest';
import { packedRow } from '../test/result-rows.ts';
import { packRows, unpackRows } from './packed-codec.ts';

const START = Date.UTC(2026, 10, 20, 14);

/** A deterministic sequence in [0, 1): the same hour every run. */
function jitter(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('packed check results', () => {
  it('reads back every field of every row, nulls, extremes and facts included', () => {
    const rows = [
      packedRow(START + 1),
      packedRow(START + 60_003, { status: 1, status_code: 503, failure_id: 7, flags: 1, total_ms: 30_000 }),
      packedRow(START + 60_004, {
        status: 2,
        region_id: 3,
        flags: 6,
        status_code: null,
        dns_ms: null,
        connect_ms: 0,
        tls_ms: null,
        ttfb_ms: null,
        download_ms: null,
        response_bytes: 2_147_483_647,
        facts: '{"answers":["192.0.2.10","2001:db8::1"],"note":"ünïcode ✓"}',
      }),
      packedRow(START + 3_599_999, { total_ms: 0, response_bytes: null, failure_id: 1_000_000 }),
    ];
    expect(unpackRows(packRows(rows))).toEqual(rows);
  });

  it('packs an empty hour and a single check', () => {
    expect(unpackRows(packRows([]))).toEqual([]);
    const one = [packedRow(START + 42)];
    expect(unpackRows(packRows(one))).toEqual(one);
  });

  it('keeps an hour of one-minute checks of a real site far smaller than its 60 rows', () => {
    const random = jitter(17);
    const rows = Array.from({ length: 60 }, (_, minute) => {
      const dns = 2 + Math.floor(random() * 6);
      const connect = 20 + Math.floor(random() * 15);
      const tls = 40 + Math.floor(random() * 30);
      const ttfb = 90 + Math.floor(random() * 120);
      const download = 3 + Math.floor(random() * 10);
      return packedRow(START + minute * 60_000 + Math.floor(random() * 40), {
        dns_ms: dns,
        connect_ms: connect,
        tls_ms: tls,
        ttfb_ms: ttfb,
        download_ms: download,
        total_ms: dns + connect + tls + ttfb + download,
        response_bytes: 48_213 + Math.floor(random() * 3) * 16,
      });
    });
    const packed = packRows(rows);
    expect(unpackRows(packed)).toEqual(rows);
    // Issue 17's stretch: at most 12 bytes a check, row overhead included (bench: packed-history).
    expect(packed.length / rows.length).toBeLessThan(12);
  });

  it('refuses a value it did not write', () => {
    expect(() => unpackRows(Buffer.from('not packed'))).toThrow();
  });
});
