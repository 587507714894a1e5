// Discord webhook: one embed, red for down, green for recovered, amber for certificate warnings,
// mentions disabled.
import type { AlertEvent } from '../../alerts/alert-event.ts';
import { type RenderContext, summarise } from '../../alerts/alert-summary.ts';
import { type ChannelDelivery, hostOf, type StoredConfigs } from '../delivery.ts';

const COLOURS = { down: 0xdc2626, up: 0x16a34a, warning: 0xd97706, info: 0x2563eb } as const;

export function renderDiscord(event: AlertEvent, context: RenderContext) {
  const s = summarise(event, context);
  return {
    username: 'Upwatch',
    // A monitor name like "@everyone" must not ping a whole server.
    allowed_mentions: { parse: [] as string[] },
    embeds: [
      {
        title: `[${s.tag}] ${s.title}`.slice(0, 256),
        url: s.incidentLink ?? s.monitorLink,
        description:
          `${s.headline} ${s.description}${s.acknowledgeLink ? `\n[Acknowledge](${s.acknowledgeLink})` : ''}`.slice(
            0,
            4096,
          ),
        color: COLOURS[s.tone],
        timestamp: new Date(event.at).toISOString(),
        fields: [{ name: 'URL', value: event.monitor.url.slice(0, 1024) }],
        footer: { text: 'Upwatch' },
      },
    ],
  };
}

export const delivery: ChannelDelivery<StoredConfigs['discord'], ReturnType<typeof renderDiscord>> = {
  render: renderDiscord,
  message: (rendered, config) => ({ via: 'http', url: config.url, body: JSON.stringify(rendered) }),
  target: (config) => hostOf(config.url),
  url: (config) => config.url,
};
