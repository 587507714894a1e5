// Row shapes of public status pages and the monitors they show (migrations 0010, 0033, 0034).
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { StatusPageAccess } from '../../../core/api/status-page-extras.ts';
import type { StatusPageLanguageSetting } from '../../../core/api/status-pages.ts';

export interface StatusPageTable {
  id: string;
  workspace_id: string;
  /** The stable key from upwatch.yaml when a file manages it (migration 0037). */
  managed_key: string | null;
  name: string;
  /** Unique across all users: it is the page's public URL. */
  slug: string;
  description: string | null;
  logo_url: string | null;
  accent_color: string | null;
  published: number;
  show_response_times: number;
  remove_branding: number;
  /** Migration 0034; the column's default is 'en'. */
  language: Generated<StatusPageLanguageSetting>;
  /** JSON StatusPageSection[] (src/core/api/status-page-sections.ts), in display order; migration 0034. */
  sections: Generated<string>;
  /**
   * A lowercase hostname, unique among verified claims (migration 0044): unverified pages may
   * claim the same one; served only once `domain_verified_at` is set.
   */
  custom_domain: string | null;
  /** The value its TXT record must hold; new with every new hostname. */
  domain_token: string | null;
  domain_verified_at: number | null;
  /** When this hostname was set on the page; an unverified claim lapses 7 days on (migration 0044). */
  domain_claimed_at: number | null;
  /** The last verification's time and, when it failed, why. */
  domain_checked_at: number | null;
  domain_check_error: string | null;
  /** 'public' unless set (a release before 0033 wrote rows without it). */
  access: Generated<StatusPageAccess>;
  /** scrypt (better-auth's helper) of the page password; never the password itself. */
  password_hash: string | null;
  /** JSON: [{ label, url }], at most 5; null: none. */
  header_links: string | null;
  footer_text: string | null;
  favicon_url: string | null;
  created_at: number;
  updated_at: number;
}

export type StatusPageRow = Selectable<StatusPageTable>;
export type NewStatusPageRow = Insertable<StatusPageTable>;
export type StatusPageChanges = Updateable<StatusPageTable>;

export interface StatusPageMonitorTable {
  status_page_id: string;
  monitor_id: string;
  /** Display order, from 0. */
  position: number;
  /** The name visitors see; null shows the monitor's own name. */
  display_name: string | null;
}

/** Password attempts on a private page, per client address and fixed window. */
export interface StatusPageAccessWindowTable {
  status_page_id: string;
  address: string;
  window_start: number;
  attempts: number;
}

export interface StatusPageTables {
  status_pages: StatusPageTable;
  status_page_monitors: StatusPageMonitorTable;
  status_page_access_windows: StatusPageAccessWindowTable;
}
