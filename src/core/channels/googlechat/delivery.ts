// Google Chat incoming webhook: a plain `text` for notifications and a card (cardsV2) with the
// facts and a button to the incident.

import type { AlertEvent } from '../../alerts/alert-event.ts';
import { type RenderContext, summarise } from '../../alerts/alert-summary.ts';
import { escapeHtml } from '../../mail-layout.ts';
import { type ChannelDelivery, hostOf, type StoredConfigs } from '../delivery.ts';

const ICONS = { down: '🔴', up: '🟢', warning: '⚠️', info: '🔵' } as const;

export function renderGooglechat(event: AlertEvent, context: RenderContext) {
  const s = summarise(event, context);
  return {
    text: `${ICONS[s.tone]} [${s.tag}] ${s.title}`,
    cardsV2: [
      {
        cardId: `upwatch-${event.kind}-${event.monitor.id}`,
        card: {
          header: { title: `[${s.tag}] ${s.title}`, subtitle: event.monitor.url },
          sections: [
            {
              widgets: [
                { textParagraph: { text: escapeHtml(`${s.headline} ${s.description}`) } },
                ...s.facts.map(([label, value]) => ({
                  decoratedText: { topLabel: label, text: escapeHtml(value) },
                })),
                {
                  buttonList: {
                    buttons: [
                      ...(s.acknowledgeLink
                        ? [{ text: 'Acknowledge', onClick: { openLink: { url: s.acknowledgeLink } } }]
                        : []),
                      {
                        text: 'Open in Upwatch',
                        onClick: { openLink: { url: s.incidentLink ?? s.monitorLink } },
                      },
                    ],
                  },
                },
              ],
            },
          ],
        },
      },
    ],
  };
}

export const delivery: ChannelDelivery<StoredConfigs['googlechat'], ReturnType<typeof renderGooglechat>> = {
  render: renderGooglechat,
  message: (rendered, config) => ({ via: 'http', url: config.url, body: JSON.stringify(rendered) }),
  target: (config) => hostOf(config.url),
  url: (config) => config.url,
};
