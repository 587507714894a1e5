// Row shapes of deployments, the monitors each one affects and the per-account provider
// webhook receivers (migration 0012).
import type { DeploymentProvider, DeploymentStatus, WebhookProvider } from '../../../core/api/deployments.ts';

export interface DeploymentTable {
  id: string;
  workspace_id: string;
  provider: DeploymentProvider;
  version: string | null;
  environment: string;
  commit_sha: string | null;
  branch: string | null;
  url: string | null;
  status: DeploymentStatus;
  provider_url: string | null;
  /**
   * The provider's id for this delivery (GitHub X-GitHub-Delivery, Vercel event id, Netlify
   * deploy id + state): unique per owner and provider, so a redelivery is stored once.
   */
  delivery_key: string | null;
  deployed_at: number;
  created_at: number;
}

export interface DeploymentMonitorTable {
  deployment_id: string;
  monitor_id: string;
  /** 0/1: got an immediate check because of trigger_checks. */
  triggered: number;
}

export interface DeploymentWebhookTable {
  id: string;
  workspace_id: string;
  provider: WebhookProvider;
  /** Random, in the receiver URL: tells whose account a delivery is for before any parsing. */
  token: string;
  /** The signing secret, sealed with AES-256-GCM (it must be recoverable to verify). */
  secret_sealed: string;
  secret_hint: string;
  last_delivery_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface DeploymentTables {
  deployments: DeploymentTable;
  deployment_monitors: DeploymentMonitorTable;
  deployment_webhooks: DeploymentWebhookTable;
}
