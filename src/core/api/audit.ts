// The audit log's payloads: who changed what in a workspace, when, and from where.
import { z } from 'zod';

export const AUDIT_RESOURCE_TYPES = [
  'monitor',
  'channel',
  'escalation_policy',
  'incident',
  'status_page',
  'api_key',
  'deployment',
  'deployment_webhook',
  'performance_site',
  'maintenance_window',
  'invitation',
  'member',
  'workspace',
  'billing',
] as const;
export type AuditResourceType = (typeof AUDIT_RESOURCE_TYPES)[number];

export const AUDIT_RESOURCE_LABELS: Record<AuditResourceType, string> = {
  monitor: 'Monitors',
  channel: 'Alert channels',
  escalation_policy: 'Escalation policies',
  incident: 'Incidents',
  status_page: 'Status pages',
  api_key: 'API keys',
  deployment: 'Deployments',
  deployment_webhook: 'Deployment webhooks',
  performance_site: 'Performance sites',
  maintenance_window: 'Maintenance windows',
  invitation: 'Invitations',
  member: 'Members',
  workspace: 'Workspace',
  billing: 'Billing',
};

/** Every change the log records, as `resource.verb`; the phrase is how the log reads it. */
export const AUDIT_ACTIONS = {
  'monitor.create': 'created monitor',
  'monitor.update': 'changed monitor',
  'monitor.delete': 'deleted monitor',
  'monitor.pause': 'paused monitor',
  'monitor.resume': 'resumed monitor',
  'monitor.check': 'ran a check of',
  'monitor.channels': 'chose alert channels for',
  'monitor.alert_settings': 'changed the alert settings of',
  'monitor.escalation_policy': 'chose the escalation policy of',
  'monitor.regions': 'chose the regions of',
  'channel.create': 'created alert channel',
  'channel.update': 'changed alert channel',
  'channel.delete': 'deleted alert channel',
  'channel.test': 'sent a test alert through',
  'escalation_policy.create': 'created escalation policy',
  'escalation_policy.update': 'changed escalation policy',
  'escalation_policy.delete': 'deleted escalation policy',
  'incident.create': 'declared incident',
  'incident.acknowledge': 'acknowledged incident',
  'incident.update': 'changed incident',
  'incident.post_update': 'posted an update on',
  'incident.monitors': 'changed the monitors of',
  'incident.resolution': 'wrote the resolution of',
  'incident.note_create': 'added a note to',
  'incident.note_update': 'edited a note on',
  'incident.note_delete': 'deleted a note on',
  'status_page.create': 'created status page',
  'status_page.update': 'changed status page',
  'status_page.delete': 'deleted status page',
  'status_page.subscriber_remove': 'removed a subscriber from status page',
  'status_page.domain_check': 'checked the custom domain of status page',
  'status_page.domain_superseded':
    'marked the custom domain as verified first by another account on status page',
  'status_page.domain_expired': 'dropped the custom domain, unverified after 7 days, of status page',
  'api_key.create': 'created API key',
  'api_key.revoke': 'revoked API key',
  'api_key.hand_over': "handed to the workspace's owner API key",
  'deployment.create': 'recorded deployment',
  'deployment_webhook.update': 'set up the deployment webhook for',
  'deployment_webhook.delete': 'removed the deployment webhook for',
  'performance_site.create': 'added performance site',
  'performance_site.update': 'changed performance site',
  'performance_site.delete': 'deleted performance site',
  'performance_site.run': 'ran a performance check on',
  'performance_site.rum': 'changed real-user monitoring of',
  'maintenance_window.create': 'scheduled maintenance window',
  'maintenance_window.update': 'changed maintenance window',
  'maintenance_window.delete': 'deleted maintenance window',
  'maintenance_window.start': 'started maintenance window',
  'maintenance_window.end': 'ended maintenance window',
  'maintenance_window.post_update': 'posted an update on maintenance window',
  'maintenance_window.delete_update': 'deleted an update on maintenance window',
  'invitation.create': 'invited',
  'invitation.resend': 'resent the invitation to',
  'invitation.revoke': 'revoked the invitation to',
  'invitation.accept': 'joined the workspace',
  'member.role': 'changed the role of',
  'member.remove': 'removed',
  'member.leave': 'left the workspace',
  'workspace.create': 'created workspace',
  'workspace.update': 'changed the settings of workspace',
  'workspace.alert_settings': 'changed the alert grouping of workspace',
  'workspace.transfer': 'handed the workspace over to',
  'workspace.delete': 'deleted workspace',
  'billing.attach': 'changed the plan to',
  'billing.cancel': 'cancelled the plan',
  'billing.redeem': 'redeemed a referral code',
} as const satisfies Record<`${AuditResourceType}.${string}`, string>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
/** Actions whose phrase is whole: the resource is the actor themselves. */
export const AUDIT_ACTIONS_WITHOUT_OBJECT: ReadonlySet<AuditAction> = new Set([
  'invitation.accept',
  'member.leave',
]);

export const auditEventSchema = z
  .object({
    id: z.string(),
    at: z.number().int().meta({ description: 'Epoch milliseconds' }),
    actor: z.object({
      id: z.string().meta({ description: 'The person, or the maker of the API key that acted' }),
      name: z.string(),
      apiKey: z
        .object({ id: z.string(), name: z.string().nullable() })
        .nullable()
        .meta({ description: 'Set when the change came through an API key' }),
    }),
    action: z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]]),
    resource: z.object({
      type: z.enum(AUDIT_RESOURCE_TYPES),
      id: z.string().nullable(),
      name: z.string().nullable(),
    }),
    address: z.string().nullable().meta({ description: "The client's IP address" }),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditEventListSchema = z
  .object({ events: z.array(auditEventSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AuditEventList' });
export type AuditEventList = z.infer<typeof auditEventListSchema>;

export const auditQuerySchema = z.object({
  actor: z.string().max(64).optional().meta({ description: 'A person id or an API key id' }),
  resourceType: z.enum(AUDIT_RESOURCE_TYPES).optional(),
  since: z.coerce.number().int().nonnegative().optional().meta({ description: 'Epoch ms, inclusive' }),
  until: z.coerce.number().int().nonnegative().optional().meta({ description: 'Epoch ms, exclusive' }),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
