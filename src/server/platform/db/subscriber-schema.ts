// Row shapes of status page subscribers and what they are sent (migrations 0032, 0036).
import type { StatusPageLanguage } from '../../../core/api/status-pages.ts';

export type SubscriberKind = 'email' | 'webhook';

/** What a subscriber hears about; a confirmation request goes to one subscriber alone. */
export type NoticeKind =
  | 'incident.opened'
  | 'incident.updated'
  | 'incident.resolved'
  | 'maintenance.scheduled'
  | 'maintenance.started';
export type SubscriberMessageKind = NoticeKind | 'subscription.confirm';

export interface StatusPageSubscriberTable {
  id: string;
  /** The workspace owning the page. */
  workspace_id: string;
  status_page_id: string;
  kind: SubscriberKind;
  /** A lowercased email address, or the webhook's URL. */
  address: string;
  /** JSON array of the page's monitor ids the subscriber chose; null for every monitor. */
  monitor_ids: string | null;
  /**
   * The visitor's language at sign-up (their Accept-Language): an 'auto' page's mails speak it.
   * Null for sign-ups before migration 0036, which keep getting English.
   */
  language: StatusPageLanguage | null;
  /** Null until the confirmation link is followed: nothing is sent before. */
  confirmed_at: number | null;
  created_at: number;
}

/** One event worth telling a workspace's subscribers, written in the transaction that caused it. */
export interface StatusPageNoticeTable {
  id: string;
  workspace_id: string;
  kind: NoticeKind;
  /** JSON array of the monitors the event touches; null for every monitor of the workspace. */
  monitor_ids: string | null;
  /** JSON NoticePayload (src/server/status-pages/subscribers/notices.ts). */
  payload: string;
  created_at: number;
  /** When the subscriber job next expands it into deliveries; null once every subscriber has one. */
  fanout_at: number | null;
  /** The last subscriber id expanded so far (ids are time-ordered UUIDv7). */
  fanout_cursor: string | null;
}

export interface StatusPageDeliveryTable {
  id: string;
  workspace_id: string;
  subscriber_id: string;
  /** Null for a confirmation request. */
  notice_id: string | null;
  kind: SubscriberMessageKind;
  attempts: number;
  /** Due time of the next attempt; null once sent or given up. */
  next_attempt_at: number | null;
  claimed_until: number | null;
  sent_at: number | null;
  last_error: string | null;
  created_at: number;
}

/** Sign-ups counted per fixed hour, per client address and per page. */
export interface StatusPageSignupWindowTable {
  key: string;
  window_start: number;
  attempts: number;
}

export interface SubscriberTables {
  status_page_subscribers: StatusPageSubscriberTable;
  status_page_notices: StatusPageNoticeTable;
  status_page_deliveries: StatusPageDeliveryTable;
  status_page_signup_windows: StatusPageSignupWindowTable;
}
