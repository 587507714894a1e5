import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signUp } from './helpers';

const USER = { name: 'Certificate Journey', emailPrefix: 'ssl-security', password: 'certificate journey 42' };

const SHOTS = 'e2e/screenshots';
const ISSUER = 'Upwatch E2E Self-Signed';
const VALID_DAYS = 90;

/** A self-signed RSA leaf for localhost, valid from now for 90 days, made with the openssl CLI. */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'upwatch-e2e-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
        '-days',
        String(VALID_DAYS),
        '-subj',
        `/CN=${ISSUER}`,
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function startHttpsSite(): Promise<Server> {
  const server = createServer(selfSignedCertificate(), (_req, res) => res.end('<h1>TLS site</h1>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

test('the security tab of a monitor on a self-signed local HTTPS site shows its issuer, days left and the problem', async ({
  page,
}) => {
  const site = await startHttpsSite();
  try {
    await signUp(page, USER);
    const { port } = site.address() as AddressInfo;
    // Ignoring TLS errors keeps the monitor up; the certificate check reports them all the same.
    const created = await page.request.post('/api/v1/monitors', {
      data: {
        name: 'TLS site',
        url: `https://localhost:${port}/`,
        intervalSeconds: 5,
        ignoreTlsErrors: true,
      },
    });
    expect(created.ok()).toBe(true);
    const { id } = (await created.json()) as { id: string };

    await page.goto(`/dashboard/monitors/${id}/security`);
    // The first check runs at once for a new monitor; the tab asks again until it has landed.
    await expect(page.getByText(`${VALID_DAYS - 1} days left`)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(`Issued by ${ISSUER}`).first()).toBeVisible();
    const problems = page.getByRole('list', { name: 'Problems' });
    await expect(problems).toContainText('The certificate is self-signed, so no browser trusts it.');
    await expect(page.getByRole('list', { name: 'Certificate chain' })).toContainText('Self-signed');
    await expect(page.getByText('Not trusted')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/security-tab.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${SHOTS}/security-tab-dark.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });

    await page.goto('/dashboard');
    // A dashboard row is its list item: its link is the monitor's name alone (issue 39, item 10).
    const badge = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'TLS site' }) })
      .getByTitle(`Certificate expires in ${VALID_DAYS - 1} days; 1 problem`);
    await expect(badge).toContainText(`${VALID_DAYS - 1}d`);
    await page.screenshot({ path: `${SHOTS}/dashboard-certificate-badge.png`, fullPage: true });
  } finally {
    await new Promise<void>((resolve) => {
      site.close(() => resolve());
      site.closeAllConnections();
    });
  }
});
