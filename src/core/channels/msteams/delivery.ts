// Microsoft Teams, through a workflow's "When a Teams webhook request is received" trigger (the
// successor of Office 365 connectors): a message carrying one Adaptive Card.
import type { AlertEvent } from '../../alerts/alert-event.ts';
import { type RenderContext, summarise } from '../../alerts/alert-summary.ts';
import { type ChannelDelivery, hostOf, type StoredConfigs } from '../delivery.ts';

/** Adaptive Cards' own colour names: red, green, amber. */
const COLOURS = { down: 'Attention', up: 'Good', warning: 'Warning', info: 'Accent' } as const;

export function renderMsteams(event: AlertEvent, context: RenderContext) {
  const s = summarise(event, context);
  const facts: [string, string][] = [
    ...s.facts,
    ['URL', event.monitor.url],
    [s.atLabel, new Date(event.at).toISOString()],
  ];
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'TextBlock',
              text: `[${s.tag}] ${s.title}`,
              weight: 'Bolder',
              size: 'Medium',
              color: COLOURS[s.tone],
              wrap: true,
            },
            { type: 'TextBlock', text: `${s.headline} ${s.description}`, wrap: true },
            { type: 'FactSet', facts: facts.map(([title, value]) => ({ title, value })) },
          ],
          actions: [
            ...(s.acknowledgeLink
              ? [{ type: 'Action.OpenUrl', title: 'Acknowledge', url: s.acknowledgeLink }]
              : []),
            { type: 'Action.OpenUrl', title: 'Open in Upwatch', url: s.incidentLink ?? s.monitorLink },
          ],
        },
      },
    ],
  };
}

export const delivery: ChannelDelivery<StoredConfigs['msteams'], ReturnType<typeof renderMsteams>> = {
  render: renderMsteams,
  message: (rendered, config) => ({ via: 'http', url: config.url, body: JSON.stringify(rendered) }),
  target: (config) => hostOf(config.url),
  url: (config) => config.url,
};
