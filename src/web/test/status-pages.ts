import type { StatusPage } from '../../core/api/status-pages';

const NOW = Date.UTC(2025, 2, 3, 12, 0, 0);

export function makeStatusPage(overrides: Partial<StatusPage> = {}): StatusPage {
  const slug = overrides.slug ?? 'acme';
  return {
    id: 'sp-1',
    name: 'Acme status',
    slug,
    description: null,
    monitors: [
      { monitorId: 'm-1', displayName: 'Website', monitorName: 'Marketing site', status: 'up' },
      { monitorId: 'm-2', displayName: null, monitorName: 'Checkout API', status: 'up' },
    ],
    logoUrl: null,
    accentColor: null,
    published: true,
    showResponseTimes: false,
    removeBranding: false,
    language: 'en',
    sections: [],
    customDomain: null,
    access: 'public',
    hasPassword: false,
    headerLinks: [],
    footerText: null,
    faviconUrl: null,
    state: 'operational',
    publicUrl: `https://upwatch.example/status/${slug}`,
    managedKey: null,
    createdAt: NOW - 86_400_000,
    updatedAt: NOW - 86_400_000,
    ...overrides,
  };
}
