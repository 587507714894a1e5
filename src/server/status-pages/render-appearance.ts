// The owner's own touches on the public page: a favicon, up to five header links and a footer line.
import type { HeaderLink } from '../../core/api/status-page-extras.ts';
import { escapeXml as e } from './format.ts';
import type { PageLocale } from './i18n/locale.ts';

export interface PageAppearance {
  headerLinks: HeaderLink[];
  footerText: string | null;
  faviconUrl: string | null;
}

export function faviconTag(appearance: PageAppearance | undefined): string {
  return appearance?.faviconUrl ? `<link rel="icon" href="${e(appearance.faviconUrl)}">` : '';
}

export function headerNav(appearance: PageAppearance | undefined, locale: PageLocale): string {
  const headerLinks = appearance?.headerLinks ?? [];
  if (headerLinks.length === 0) return '';
  const links = headerLinks.map((link) => `<a href="${e(link.url)}" rel="noopener">${e(link.label)}</a>`);
  return `<nav aria-label="${e(locale.t.headerLinks)}">${links.join('')}</nav>`;
}

export function footerLine(appearance: PageAppearance | undefined): string {
  return appearance?.footerText ? `<p>${e(appearance.footerText)}</p>` : '';
}
