// What an imported monitor watches, for the preview: its URL with any user and password in it
// hidden, host:port, a name and record type, or the ping URL it will be given.
import type { MonitorInput } from '../../core/api/monitors.ts';

function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '***';
    parsed.password = '';
    return parsed.href;
  } catch {
    return url;
  }
}

export function monitorTarget(input: MonitorInput): string {
  switch (input.kind) {
    case 'http':
      return withoutCredentials(input.url);
    case 'tcp':
      return `${input.host}:${input.port}`;
    case 'ping':
      return input.host;
    case 'dns':
      return `${input.hostname} ${input.recordType}`;
    case 'heartbeat':
      return 'a new ping URL';
  }
}
