// Netlify: the deploy notifications `deploy_succeeded` (state ready) and `deploy_failed`
// (state error); the body is the deploy object of Netlify's API.
import { commit, type DeliveryMapper, hostsOf, httpUrl, ignored, text, versionLabel } from './types.ts';

export const mapNetlify: DeliveryMapper = ({ payload }) => {
  const state = text(payload, 'state');
  if (state !== 'ready' && state !== 'error') return ignored(`Netlify deploy state ${state ?? '(none)'}`);
  const id = text(payload, 'id');
  if (!id) return ignored('Netlify deploy without an id');
  const url = httpUrl(text(payload, 'deploy_ssl_url', 2000) ?? text(payload, 'url', 2000));
  const admin = httpUrl(text(payload, 'admin_url', 2000));
  const sha = commit(text(payload, 'commit_ref'));
  return {
    kind: 'deployment',
    version: versionLabel(null, sha),
    environment: text(payload, 'context', 50) ?? 'production',
    commitSha: sha,
    branch: text(payload, 'branch'),
    url,
    status: state === 'ready' ? 'succeeded' : 'failed',
    providerUrl: admin ? `${admin.replace(/\/+$/, '')}/deploys/${encodeURIComponent(id)}` : null,
    deliveryKey: `${id}:${state}`,
    // The site's own address is what monitors watch; the deploy's unique URL rarely is.
    hosts: hostsOf(url, httpUrl(text(payload, 'ssl_url', 2000)), httpUrl(text(payload, 'url', 2000))),
  };
};
