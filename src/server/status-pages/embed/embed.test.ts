// The widget script and the framable compact view, through the whole app (so the global secure
// headers apply), and the widget run in a DOM the way a customer's site runs it.
import { Window } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createStatusApp, NOT_AVAILABLE, type StatusApp } from '../test/status-app.ts';

let s: StatusApp;
afterEach(async () => {
  await s?.close();
});

async function setUp() {
  s = await createStatusApp();
  const owner = await s.user();
  const shop = await s.monitor(owner, 'Shop');
  const api = await s.monitor(owner, 'API');
  const page = await s.page(owner, {
    name: 'Acme <Cloud>',
    slug: 'acme',
    published: true,
    monitors: [{ monitorId: shop.id }, { monitorId: api.id, displayName: 'Public API' }],
  });
  await s.setStatus(shop.id, 'up');
  await s.setStatus(api.id, 'up');
  return { owner, page, shop, api };
}

/** Runs the script on a page of another site; returns what it added and the cookies it left. */
async function runOnSite(script: string) {
  const window = new Window({
    url: 'https://shop.example.org/',
    settings: { enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true },
  });
  const { document } = window;
  document.body.innerHTML = '<p>Our status:</p>';
  const tag = document.createElement('script');
  tag.textContent = script;
  document.body.querySelector('p')?.appendChild(tag);
  const link = document.querySelector('a[data-upwatch-status]');
  const result = {
    href: link?.getAttribute('href'),
    target: link?.getAttribute('target'),
    text: link?.textContent,
    state: link?.getAttribute('data-upwatch-status'),
    title: link?.getAttribute('title'),
    dot: (link?.firstChild as { getAttribute?: (name: string) => string | null } | null)?.getAttribute?.(
      'style',
    ),
    cookie: document.cookie,
  };
  await window.happyDOM.close();
  return result;
}

describe('the status widget', () => {
  it('is a script under 5 KB that sets no cookie and renders a pill with the state linking to the page', async () => {
    const { shop } = await setUp();
    const response = await s.get('/status/acme/widget.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=60');
    expect(response.headers.get('set-cookie')).toBeNull();
    const script = await response.text();
    expect(Buffer.byteLength(script)).toBeLessThan(5 * 1024);
    expect(script).not.toContain('cookie');
    expect(script).not.toContain('<');

    expect(await runOnSite(script)).toEqual({
      href: 'http://localhost:3000/status/acme',
      target: '_blank',
      text: 'All systems operational',
      state: 'operational',
      title: 'Acme <Cloud>: All systems operational',
      dot: expect.stringMatching(/background: ?#16a34a/),
      cookie: '',
    });

    await s.setStatus(shop.id, 'down');
    s.clock.advance(10_000);
    const down = await runOnSite(await (await s.get('/status/acme/widget.js')).text());
    expect(down).toMatchObject({ text: 'Partial outage', state: 'partial_outage' });
    expect(down.dot).toMatch(/background: ?#dc2626/);
  });

  it('is the public 404 for an unknown page', async () => {
    await setUp();
    const response = await s.get('/status/nobody/widget.js');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(NOT_AVAILABLE);
  });
});

describe('the embeddable view', () => {
  it('may be framed by any site, while the full page keeps refusing framing', async () => {
    await setUp();
    const embed = await s.get('/status/acme/embed');
    expect(embed.status).toBe(200);
    expect(embed.headers.get('content-security-policy')).toMatch(/; frame-ancestors \*$/);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('set-cookie')).toBeNull();
    const html = await embed.text();
    expect(html).toContain('<h1>All systems operational</h1>');
    expect(html).toContain('<li><span>Shop</span><span class="s s-up">Operational</span></li>');
    expect(html).toContain('<li><span>Public API</span><span class="s s-up">Operational</span></li>');
    expect(html).toContain(
      '<a href="http://localhost:3000/status/acme" target="_blank" rel="noopener">View status page</a>',
    );
    expect(html).toContain('Acme &lt;Cloud&gt;');
    expect(html).not.toContain('<script');

    const page = await s.get('/status/acme');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('content-security-policy')).not.toContain('frame-ancestors');
  });
});

describe('the page appearance', () => {
  it('shows up to five header links, a footer line and a favicon, escaped', async () => {
    const { owner, page } = await setUp();
    const links = [
      { label: 'Home', url: 'https://acme.example.com/' },
      { label: 'Support & help', url: 'https://acme.example.com/support?a=1&b=2' },
    ];
    const saved = await s.ok<Record<string, unknown>>(
      await s.send(owner, 'PATCH', `/status-pages/${page.id}`, {
        headerLinks: links,
        footerText: '© Acme <Inc>',
        faviconUrl: 'https://acme.example.com/favicon.png',
      }),
    );
    expect(saved).toMatchObject({
      headerLinks: links,
      footerText: '© Acme <Inc>',
      faviconUrl: 'https://acme.example.com/favicon.png',
    });
    const html = await (await s.get('/status/acme')).text();
    expect(html).toContain(
      '<nav aria-label="Links"><a href="https://acme.example.com/" rel="noopener">Home</a><a href="https://acme.example.com/support?a=1&amp;b=2" rel="noopener">Support &amp; help</a></nav>',
    );
    expect(html).toContain('<footer class="muted"><p>© Acme &lt;Inc&gt;</p>');
    expect(html).toContain('<link rel="icon" href="https://acme.example.com/favicon.png">');

    const six = Array.from({ length: 6 }, (_, i) => ({ label: `L${i}`, url: 'https://acme.example.com/' }));
    for (const [body, message] of [
      [{ headerLinks: six }, 'headerLinks: A page shows at most 5 header links.'],
      [
        { headerLinks: [{ label: 'X', url: 'javascript:alert(1)' }] },
        'headerLinks.0.url: Enter a full http:// or https:// URL.',
      ],
      [{ faviconUrl: 'data:image/png;base64,AAAA' }, 'faviconUrl: Enter a full http:// or https:// URL.'],
      [{ footerText: 'x'.repeat(201) }, 'footerText: The footer line is limited to 200 characters.'],
    ] as const) {
      const response = await s.send(owner, 'PATCH', `/status-pages/${page.id}`, body);
      expect(response.status, message).toBe(422);
      expect(await response.json()).toEqual({ error: { code: 'validation_failed', message } });
    }
  });
});
