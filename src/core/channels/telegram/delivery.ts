// Telegram: the Bot API's sendMessage to a chat, formatted as MarkdownV2 (every character the
// format reserves is escaped, in the text and in the link).
import type { AlertEvent } from '../../alerts/alert-event.ts';
import { type RenderContext, summarise } from '../../alerts/alert-summary.ts';
import type { ChannelDelivery, StoredConfigs } from '../delivery.ts';

/** MarkdownV2 reserves these everywhere outside code. */
export function escapeMarkdownV2(text: string): string {
  return text.replace(/[_*[\]()~`>#+\-=|{}.!\\]/g, '\\$&');
}

/** Inside a link's (…) only ) and \ need escaping. */
function escapeLinkTarget(url: string): string {
  return url.replace(/[)\\]/g, '\\$&');
}

const ICONS = { down: '🔴', up: '🟢', warning: '⚠️', info: '🔵' } as const;

export function renderTelegram(event: AlertEvent, context: RenderContext) {
  const s = summarise(event, context);
  const link = s.incidentLink ?? s.monitorLink;
  const text = [
    `${ICONS[s.tone]} *${escapeMarkdownV2(`[${s.tag}] ${s.title}`)}*`,
    escapeMarkdownV2(`${s.headline} ${s.description}`),
    `[${escapeMarkdownV2('Open in Upwatch')}](${escapeLinkTarget(link)})`,
    ...(s.acknowledgeLink
      ? [`[${escapeMarkdownV2('Acknowledge')}](${escapeLinkTarget(s.acknowledgeLink)})`]
      : []),
  ].join('\n');
  return { text, parse_mode: 'MarkdownV2' as const, link_preview_options: { is_disabled: true } };
}

export const delivery: ChannelDelivery<StoredConfigs['telegram'], ReturnType<typeof renderTelegram>> = {
  render: renderTelegram,
  message: (rendered, config, { providers }) => ({
    via: 'http',
    url: `${providers.telegram}/bot${config.botToken}/sendMessage`,
    body: JSON.stringify({ chat_id: config.chatId, ...rendered }),
  }),
  target: (config) => `Telegram chat ${config.chatId}`,
  url: () => null,
};
