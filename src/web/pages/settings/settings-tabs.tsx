export { ApiDocsTab } from './api-docs/api-docs-tab';
export { AuditLogTab } from './audit/audit-log-tab';
export { BillingTab } from './billing/billing-tab';
export { EscalationTab } from './escalation/escalation-tab';
export { MembersTab } from './members/members-tab';
export { NotificationsTab } from './notifications/notifications-tab';
export { PublicStatusTab } from './public-status/public-status-tab';
export { UserSettingsTab } from './user-settings-tab';
