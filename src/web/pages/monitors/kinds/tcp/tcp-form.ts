// The tcp kind's form state and its payload.
import type { MonitorOf } from '../../../../../core/api/monitors';

export interface TcpFormState {
  host: string;
  /** As typed: the schema says what is wrong with it. */
  port: string;
  tls: boolean;
  send: string;
  expect: string;
}

export function emptyTcpState(): TcpFormState {
  return { host: '', port: '', tls: false, send: '', expect: '' };
}

export function tcpStateFromMonitor(monitor: MonitorOf<'tcp'>): TcpFormState {
  return {
    host: monitor.host,
    port: String(monitor.port),
    tls: monitor.tls,
    send: monitor.send ?? '',
    expect: monitor.expect ?? '',
  };
}

export function tcpPayload(state: TcpFormState): Record<string, unknown> {
  return {
    kind: 'tcp',
    host: state.host,
    port: state.port.trim() === '' ? undefined : Number(state.port),
    tls: state.tls,
    send: state.send === '' ? null : state.send,
    expect: state.expect === '' ? null : state.expect,
  };
}
