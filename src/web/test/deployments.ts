import type { Deployment, DeploymentImpact, DeploymentWebhook } from '../../core/api/deployments';

const NOW = Date.UTC(2025, 2, 3, 12, 0, 0);

export function makeDeployment(overrides: Partial<Deployment> = {}): Deployment {
  return {
    id: 'd-1',
    provider: 'vercel',
    version: 'v1.4.2',
    environment: 'production',
    commitSha: '9fceb02d0ae598e95dc970b74767f19372d61af8',
    branch: 'main',
    url: 'https://acme.dev',
    status: 'succeeded',
    providerUrl: 'https://vercel.com/acme/site/dpl_123',
    deployedAt: NOW - 2 * 3_600_000,
    createdAt: NOW - 2 * 3_600_000,
    monitorIds: ['m-1'],
    triggeredMonitorIds: [],
    maintenanceWindowId: null,
    incidentIds: [],
    ...overrides,
  };
}

export function makeImpact(overrides: Partial<DeploymentImpact> = {}): DeploymentImpact {
  return {
    monitorId: 'm-1',
    monitorName: 'Marketing site',
    before: { checks: 12, p50Ms: 120, errorRate: 0 },
    after: { checks: 12, p50Ms: 300, errorRate: 0.25 },
    ...overrides,
  };
}

export function makeWebhook(overrides: Partial<DeploymentWebhook> = {}): DeploymentWebhook {
  const provider = overrides.provider ?? 'github';
  return {
    provider,
    webhookUrl: `https://upwatch.example/api/deployments/${provider}?token=rcv_abc123`,
    configured: false,
    secretHint: null,
    lastDeliveryAt: null,
    ...overrides,
  };
}
