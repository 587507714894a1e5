// What a provider's mapper makes of a verified delivery: a deployment to store, or a reason to
// ignore it (another event, or a state that is neither success nor failure).
import type { DeploymentStatus } from '../../../core/api/deployments.ts';

export interface MappedDeployment {
  kind: 'deployment';
  version: string | null;
  environment: string;
  commitSha: string | null;
  branch: string | null;
  url: string | null;
  status: DeploymentStatus;
  providerUrl: string | null;
  /** The provider's id for this delivery: a redelivery carries the same one. */
  deliveryKey: string;
  /** Hosts the deployment serves (its own URL, the site's): monitors on them are affected. */
  hosts: string[];
}

export interface IgnoredDelivery {
  kind: 'ignored';
  reason: string;
}

export interface Delivery {
  headers: { get(name: string): string | null };
  payload: unknown;
}

export type DeliveryMapper = (delivery: Delivery) => MappedDeployment | IgnoredDelivery;

export const ignored = (reason: string): IgnoredDelivery => ({ kind: 'ignored', reason });

/** The string at `path` inside a parsed JSON value, clipped to `max`; null when absent. */
export function text(value: unknown, path: string, max = 250): string | null {
  let node: unknown = value;
  for (const key of path.split('.')) {
    if (!node || typeof node !== 'object') return null;
    node = (node as Record<string, unknown>)[key];
  }
  if (typeof node === 'number') node = String(node);
  if (typeof node !== 'string' || node.trim() === '') return null;
  return node.trim().slice(0, max);
}

/** An http(s) URL (a bare host gets https://), or null: links shown in the app are never javascript:. */
export function httpUrl(value: string | null): string | null {
  if (!value) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const { protocol } = new URL(candidate);
    return protocol === 'https:' || protocol === 'http:' ? candidate : null;
  } catch {
    return null;
  }
}

export function hostsOf(...urls: (string | null)[]): string[] {
  return [...new Set(urls.flatMap((url) => (url ? [new URL(url).host] : [])))];
}

/** A commit id only when it looks like one. */
export function commit(value: string | null): string | null {
  return value && /^[0-9a-f]{7,64}$/i.test(value) ? value.toLowerCase() : null;
}

/** A label for the deployment: a version-like ref (a tag) as it is, else the short commit. */
export function versionLabel(ref: string | null, sha: string | null): string | null {
  if (ref && /^v?\d+(\.\d+)+/.test(ref)) return ref.slice(0, 100);
  return sha ? sha.slice(0, 7) : null;
}
