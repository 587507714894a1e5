// What a prerendered page was painted with. The build renders with it, the client seeds its
// query cache with it before hydrating, so the first client render is the same HTML.
import type { QueryClient } from '@tanstack/react-query';
import { EARLY_CLICK_KEY, PRERENDER_STATE_ID, PUBLIC_CONFIG_ID } from '../../core/prerender';
import type { BillingProduct } from '../billing/api-types';
import { billingKeys } from '../billing/queries';
import { type PublicConfig, publicConfigQueryOptions } from '../lib/public-config';
import { sessionQueryKey } from '../lib/session';

export interface PrerenderState {
  /** The pricing table's products for a visitor, from the plan table at build time. */
  products: BillingProduct[];
}

/**
 * Prerendered pages are served only to visitors without a session cookie (spa.ts), so the
 * session is known to be empty.
 */
export function seedPrerenderedQueries(
  queryClient: QueryClient,
  state: PrerenderState,
  publicConfig: PublicConfig,
): void {
  queryClient.setQueryData(sessionQueryKey, null);
  queryClient.setQueryData(billingKeys.products(), state.products);
  queryClient.setQueryData(publicConfigQueryOptions.queryKey, publicConfig);
}

function readJson<T>(doc: Document, id: string): T | null {
  const text = doc.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : null;
}

/** The state of a prerendered page, or null for the plain app shell. */
export function readPrerendered(doc: Document): { state: PrerenderState; publicConfig: PublicConfig } | null {
  const state = readJson<PrerenderState>(doc, PRERENDER_STATE_ID);
  const publicConfig = readJson<PublicConfig>(doc, PUBLIC_CONFIG_ID);
  return state && publicConfig ? { state, publicConfig } : null;
}

/** The button the page's loader saw clicked before the app ran, if any; later clicks are the app's. */
export function takeEarlyClick(win: Window): HTMLElement | null {
  const slots = win as unknown as Record<typeof EARLY_CLICK_KEY, HTMLElement | null | undefined>;
  const button = slots[EARLY_CLICK_KEY] ?? null;
  slots[EARLY_CLICK_KEY] = null;
  return button;
}
