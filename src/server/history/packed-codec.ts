// One monitor-hour of stored check results as one compressed value (issue 17, item 9's stretch).
// Columns, not rows: each integer column is written as the difference from the value before it,
// zigzag-encoded in base-128 varints, so an hour of a steady site is mostly ones and zeros, which
// DEFLATE then shrinks further. Check times are written as the change in their spacing (a
// one-minute monitor's spacing barely moves). Facts (a DNS answer set, a ping's figures) repeat
// from one check to the next, so they are a JSON list left to DEFLATE.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { CheckResultTable } from '../platform/db/schema.ts';

export type PackedRow = Omit<CheckResultTable, 'monitor_seq'>;

const VERSION = 1;

/** Integer columns after checked_at; the nullable ones store null as 0 and a value v as zigzag(v) + 1. */
const COLUMNS = [
  ['status', false],
  ['region_id', false],
  ['flags', false],
  ['status_code', true],
  ['total_ms', false],
  ['dns_ms', true],
  ['connect_ms', true],
  ['tls_ms', true],
  ['ttfb_ms', true],
  ['download_ms', true],
  ['response_bytes', true],
  ['failure_id', true],
] as const satisfies readonly (readonly [keyof PackedRow, boolean])[];

// Arithmetic, not bit operations: response sizes and times exceed 32 bits.
const zigzag = (n: number) => (n >= 0 ? n * 2 : -n * 2 - 1);
const unzigzag = (n: number) => (n % 2 === 0 ? n / 2 : -(n + 1) / 2);

class Writer {
  private bytes: number[] = [];
  varint(value: number): void {
    let n = value;
    while (n >= 128) {
      this.bytes.push((n % 128) + 128);
      n = Math.floor(n / 128);
    }
    this.bytes.push(n);
  }
  signed(value: number): void {
    this.varint(zigzag(value));
  }
  text(value: string): void {
    const encoded = Buffer.from(value, 'utf8');
    this.varint(encoded.length);
    for (const byte of encoded) this.bytes.push(byte);
  }
  done(): Buffer {
    return Buffer.from(this.bytes);
  }
}

class Reader {
  private at = 0;
  constructor(private readonly bytes: Buffer) {}
  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.at++];
      if (byte === undefined) throw new Error('Packed check results end early');
      value += (byte % 128) * scale;
      if (byte < 128) return value;
      scale *= 128;
    }
  }
  signed(): number {
    return unzigzag(this.varint());
  }
  text(): string {
    const length = this.varint();
    const value = this.bytes.toString('utf8', this.at, this.at + length);
    this.at += length;
    return value;
  }
}

/** Rows of one monitor, in checked_at order, as one value. */
export function packRows(rows: readonly PackedRow[]): Buffer {
  const out = new Writer();
  out.varint(VERSION);
  out.varint(rows.length);
  let previousAt = 0;
  let previousGap = 0;
  rows.forEach((row, index) => {
    const gap = index === 0 ? row.checked_at : row.checked_at - previousAt;
    out.signed(index === 0 ? gap : gap - previousGap);
    previousGap = index === 0 ? 0 : gap;
    previousAt = row.checked_at;
  });
  for (const [column, nullable] of COLUMNS) {
    let previous = 0;
    for (const row of rows) {
      const value = row[column];
      const stored = nullable ? (value === null ? 0 : zigzag(value) + 1) : (value as number);
      out.signed(stored - previous);
      previous = stored;
    }
  }
  out.text(JSON.stringify(rows.map((row) => row.facts)));
  return deflateRawSync(out.done(), { level: 9 });
}

export function unpackRows(packed: Uint8Array): PackedRow[] {
  const input = new Reader(inflateRawSync(packed));
  const version = input.varint();
  if (version !== VERSION) throw new Error(`Unknown packed check results version ${version}`);
  const count = input.varint();
  const times: number[] = [];
  let at = 0;
  let gap = 0;
  for (let index = 0; index < count; index++) {
    const change = input.signed();
    if (index === 0) at = change;
    else {
      gap += change;
      at += gap;
    }
    times.push(at);
  }
  const columns = new Map<keyof PackedRow, (number | null)[]>();
  for (const [column, nullable] of COLUMNS) {
    let value = 0;
    const values: (number | null)[] = [];
    for (let index = 0; index < count; index++) {
      value += input.signed();
      values.push(nullable ? (value === 0 ? null : unzigzag(value - 1)) : value);
    }
    columns.set(column, values);
  }
  const facts = JSON.parse(input.text()) as (string | null)[];
  const read = (column: keyof PackedRow, index: number) => columns.get(column)?.[index] ?? null;
  return times.map((checked_at, index) => ({
    checked_at,
    status: read('status', index) ?? 0,
    region_id: read('region_id', index) ?? 0,
    flags: read('flags', index) ?? 0,
    status_code: read('status_code', index),
    total_ms: read('total_ms', index) ?? 0,
    dns_ms: read('dns_ms', index),
    connect_ms: read('connect_ms', index),
    tls_ms: read('tls_ms', index),
    ttfb_ms: read('ttfb_ms', index),
    download_ms: read('download_ms', index),
    response_bytes: read('response_bytes', index),
    failure_id: read('failure_id', index),
    facts: facts[index] ?? null,
  }));
}
