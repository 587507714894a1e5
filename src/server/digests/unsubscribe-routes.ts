// One-click unsubscribe (RFC 8058), outside /api/v1 and without signing in: GET shows a page
// with a button, POST (from that button or from the mail client) turns the digest off.
import type { Hono } from 'hono';
import { escapeHtml } from '../../core/mail-layout.ts';
import type { AppEnv } from '../platform/http/caller.ts';
import { messagePage as page } from '../platform/http/message-page.ts';
import type { DigestService } from './service.ts';

const PATH = '/unsubscribe/digest';

const badToken = page(
  'Invalid unsubscribe link',
  '<p>This link is not valid. Nothing was changed. You can turn digests off in your Upwatch settings.</p>',
);

export function mountUnsubscribeRoutes(app: Hono<AppEnv>, digests: DigestService): void {
  app.get(PATH, async (c) => {
    const token = c.req.query('token');
    if (!token || !(await digests.unsubscribeOwner(token))) return c.html(badToken, 400);
    const action = `${PATH}?token=${encodeURIComponent(token)}`;
    return c.html(
      page(
        'Unsubscribe from email digests?',
        `<p>You will stop getting Upwatch digest emails. Alerts are not affected.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
      ),
    );
  });

  app.post(PATH, async (c) => {
    if (!(await digests.unsubscribe(c.req.query('token') ?? ''))) return c.html(badToken, 400);
    return c.html(
      page(
        'You are unsubscribed',
        '<p>You will get no more digest emails. You can turn them back on in your Upwatch settings.</p>',
      ),
    );
  });
}
