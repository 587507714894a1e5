import { describe, expect, it } from 'vitest';
import { KIND_FIELDS, type Monitor, monitorInputSchemas } from '../../../../core/api/monitors';
import { makeDnsMonitor, makeMonitor, makeTcpMonitor } from '../../../test/monitors';
import { hasTab } from './faces';
import { KIND_ORDER, kindUi } from './registry';

const COMMON = { name: 'Any', intervalMinutes: 15 };
const SAVED: Monitor[] = [
  makeMonitor({ keyword: { mode: 'contains', value: 'Welcome' }, headers: { 'x-a': '1' } }),
  makeTcpMonitor({ send: 'PING\r\n', expect: 'PONG' }),
  makeDnsMonitor({ recordType: 'MX', match: 'all', expected: ['10 mx1.acme.dev', 'mx2.acme.dev'] }),
];

describe('web kind registry', () => {
  it('offers every kind the API knows, HTTP first', () => {
    expect(KIND_ORDER).toEqual(Object.keys(monitorInputSchemas));
    expect(KIND_ORDER[0]).toBe('http');
  });

  it.each(SAVED)(
    "turns a saved $kind monitor into form state and back into the API's own fields",
    (monitor) => {
      const ui = kindUi(monitor.kind);
      const parsed = monitorInputSchemas[monitor.kind].parse({
        ...COMMON,
        ...ui.payloadOf(ui.stateFromMonitor(monitor)),
      });
      const own = Object.fromEntries(
        KIND_FIELDS[monitor.kind].map((key) => [key, monitor[key as keyof Monitor]]),
      );
      expect(parsed).toMatchObject({ kind: monitor.kind, ...own });
    },
  );

  // A heartbeat's empty form is already whole: hourly pings with 5 minutes' grace.
  it('starts a heartbeat on a schedule the API takes as it is', () => {
    const ui = kindUi('heartbeat');
    const result = monitorInputSchemas.heartbeat.safeParse({ ...COMMON, ...ui.payloadOf(ui.emptyState()) });
    expect(result.success).toBe(true);
  });

  it.each(KIND_ORDER.filter((kind) => kind !== 'heartbeat'))(
    "blames only the %s kind's own fields for an empty form",
    (kind) => {
      const ui = kindUi(kind);
      const result = monitorInputSchemas[kind].safeParse({ ...COMMON, ...ui.payloadOf(ui.emptyState()) });
      expect(result.success).toBe(false);
      const fields = new Set(result.error?.issues.map((issue) => String(issue.path[0])));
      expect([...fields].every((field) => field in ui.payloadOf(ui.emptyState()))).toBe(true);
    },
  );

  it('gives the Performance tab to HTTP monitors only, and every tab that is not optional to all', () => {
    expect(KIND_ORDER.filter((kind) => hasTab(kind, 'performance'))).toEqual(['http']);
    expect(KIND_ORDER.every((kind) => hasTab(kind, 'uptime'))).toBe(true);
  });

  it('gives Deployments and Security to every kind but the heartbeat, which fetches nothing', () => {
    for (const tab of ['deployments', 'security']) {
      expect(KIND_ORDER.filter((kind) => !hasTab(kind, tab))).toEqual(['heartbeat']);
    }
  });

  it('has every kind with a Security tab say in its own words why a monitor may have no certificate', () => {
    const texts = KIND_ORDER.filter((kind) => hasTab(kind, 'security')).map(
      (kind) => kindUi(kind).noCertificate,
    );
    expect(texts.every((text) => typeof text === 'string' && text.length > 0)).toBe(true);
    expect(new Set(texts).size).toBeGreaterThan(1);
  });

  it('gives only HTTP checks a status code column', () => {
    expect(KIND_ORDER.filter((kind) => !kindUi(kind).noStatusCode)).toEqual(['http']);
  });
});
