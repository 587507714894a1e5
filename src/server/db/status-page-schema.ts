// Row shapes of public status pages and the monitors they show (migrations 0010, 0034).
import type { StatusPageLanguageSetting } from '../../core/api/status-pages.ts';

export interface StatusPageTable {
  id: string;
  user_id: string;
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
  language?: StatusPageLanguageSetting;
  /** JSON StatusPageSection[] (src/core/api/status-page-sections.ts), in display order; migration 0034. */
  sections?: string;
  created_at: number;
  updated_at: number;
}

export interface StatusPageMonitorTable {
  status_page_id: string;
  monitor_id: string;
  /** Display order, from 0. */
  position: number;
  /** The name visitors see; null shows the monitor's own name. */
  display_name: string | null;
}

export interface StatusPageTables {
  status_pages: StatusPageTable;
  status_page_monitors: StatusPageMonitorTable;
}
