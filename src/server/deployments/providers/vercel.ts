// Vercel: `deployment.succeeded` and `deployment.error`. Field paths as in Vercel's webhooks API
// reference (the commit is in the deployment's git metadata).
import { commit, type DeliveryMapper, hostsOf, httpUrl, ignored, text, versionLabel } from './types.ts';

const STATUS = { 'deployment.succeeded': 'succeeded', 'deployment.error': 'failed' } as const;

export const mapVercel: DeliveryMapper = ({ payload }) => {
  const type = text(payload, 'type');
  const status = type === 'deployment.succeeded' || type === 'deployment.error' ? STATUS[type] : null;
  if (!status) return ignored(`Vercel event ${type ?? '(none)'} does not record deployments`);
  const id = text(payload, 'id');
  if (!id) return ignored('Vercel event without an id');
  const url = httpUrl(text(payload, 'payload.url', 2000) ?? text(payload, 'payload.deployment.url', 2000));
  const sha = commit(text(payload, 'payload.deployment.meta.githubCommitSha'));
  return {
    kind: 'deployment',
    version: versionLabel(null, sha),
    // Vercel sends a null target for preview deployments.
    environment: text(payload, 'payload.target', 50) ?? 'preview',
    commitSha: sha,
    branch: text(payload, 'payload.deployment.meta.githubCommitRef'),
    url,
    status,
    providerUrl: httpUrl(text(payload, 'payload.links.deployment', 2000)),
    deliveryKey: id,
    hosts: hostsOf(url),
  };
};
