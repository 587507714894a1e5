import { createServer, type IncomingMessage } from 'node:http';
import { expect, test } from '@playwright/test';
import { FAKE_TELEGRAM_PORT } from '../playwright.config';
import { signUp } from './helpers';

const BOT_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

test('a Telegram channel is set up in Settings → Notifications and its test alert reaches the Bot API', async ({
  page,
}) => {
  // Telegram's Bot API, as Upwatch is configured to reach it in these journeys (TELEGRAM_API_URL).
  const received: { path: string; body: string }[] = [];
  const telegram = createServer(async (req, res) => {
    received.push({ path: req.url ?? '', body: await body(req) });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true,"result":{}}');
  });
  await new Promise<void>((resolve) => telegram.listen(FAKE_TELEGRAM_PORT, '127.0.0.1', resolve));
  try {
    await signUp(page, { name: 'Tess Telegram', emailPrefix: 'telegram', password: 'telegram journey 42' });
    await page.goto('/dashboard/settings/notifications');
    await page.getByLabel('Kind').selectOption('telegram');
    await page.getByLabel('Name').fill('Ops chat');
    await page.getByLabel('Bot token (from @BotFather)').fill(BOT_TOKEN);
    await page.getByLabel('Chat id').fill('-1001234567890');
    await page.getByRole('button', { name: 'Add channel' }).click();
    await expect(page.getByText('Telegram channel “Ops chat” added.')).toBeVisible();
    await expect(page.getByText('Telegram chat -1001234567890')).toBeVisible();

    await page.getByRole('button', { name: 'Send test alert to Ops chat' }).click();
    await expect(page.getByText('Test alert sent to Ops chat.')).toBeVisible();
    expect(received).toHaveLength(1);
    expect(received[0]?.path).toBe(`/bot${BOT_TOKEN}/sendMessage`);
    expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({
      chat_id: '-1001234567890',
      parse_mode: 'MarkdownV2',
    });
  } finally {
    telegram.closeAllConnections();
    await new Promise((resolve) => telegram.close(resolve));
  }
});
