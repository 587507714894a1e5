// Row shapes of alert channels, the per-monitor channel choice and the mail outbox (migration 0008).
import type { ChannelKind } from '../../../core/api/alerts.ts';

export interface AlertChannelTable {
  id: string;
  workspace_id: string;
  /** The stable key from upwatch.yaml when a file manages it (migration 0037). */
  managed_key: string | null;
  kind: ChannelKind;
  name: string;
  /** AES-256-GCM sealed JSON (see alerts/sealed-config.ts): URLs and secrets never in clear. */
  config: string;
  created_at: number;
}

export interface MonitorAlertChannelTable {
  monitor_id: string;
  channel_id: string;
}

/** A monitor whose alerts wait on another's (migration 0031): an upstream outage swallows them. */
export interface MonitorDependencyTable {
  monitor_id: string;
  depends_on_id: string;
}

export interface OutboxTable {
  id: string;
  workspace_id: string | null;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  created_at: number;
}

export interface AlertTables {
  alert_channels: AlertChannelTable;
  monitor_alert_channels: MonitorAlertChannelTable;
  monitor_dependencies: MonitorDependencyTable;
  outbox: OutboxTable;
}
