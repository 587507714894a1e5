// Discord webhook: one embed, red for down and green for recovered, mentions disabled.
import type { AlertEvent } from '../alert-event.ts';
import { formatDuration, type RenderContext, summarise } from '../alert-summary.ts';
import { type AlertChannel, hostOf } from '../channel.ts';

const RED = 0xdc2626;
const GREEN = 0x16a34a;

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
        description: `${s.headline} ${s.down ? `Reason: ${s.detail}.` : `Downtime: ${formatDuration(event.downtimeMs ?? 0)}.`}`,
        color: s.down ? RED : GREEN,
        timestamp: new Date(event.at).toISOString(),
        fields: [{ name: 'URL', value: event.monitor.url.slice(0, 1024) }],
        footer: { text: 'Upwatch' },
      },
    ],
  };
}

export const discordChannel: AlertChannel<'discord', ReturnType<typeof renderDiscord>> = {
  kind: 'discord',
  render: renderDiscord,
  async send(rendered, config, deps) {
    await deps.postJson(config.url, JSON.stringify(rendered), { signal: deps.signal });
  },
  target: (config) => hostOf(config.url),
  url: (config) => config.url,
};
