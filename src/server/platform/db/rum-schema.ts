// Row shapes of real-user monitoring (migration 0046): a performance site's RUM settings and its
// visitors' page views, kept as sketches per site, route, device and hour, never one row a view.

export interface RumSiteTable {
  site_id: string;
  workspace_id: string;
  /** The public key in the snippet; unique, so a beacon finds its site by it. */
  key: string;
  enabled: number;
  sample_rate: number;
  /** JSON string[]: the origins whose pages may report. */
  allowed_origins: string;
  /** JSON string[]: the site's route patterns ("/blog/:slug"). */
  routes: string;
  first_page_view_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One hour of page views of one route on one device class; route '*' holds all the site's routes. */
export interface RumHourTable {
  site_id: string;
  hour_at: number;
  route: string;
  device: string;
  workspace_id: string;
  page_views: number;
  /** JSON {metric: {z, b, r}}: each metric's sketch and its good / needs-improvement / poor counts. */
  metrics: string;
}

export interface RumTables {
  rum_sites: RumSiteTable;
  rum_hours: RumHourTable;
  /** The hours' rows added up by UTC day; `hour_at` is the day's first hour (00:00 UTC). */
  rum_days: RumHourTable;
}
