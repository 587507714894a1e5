import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Monitor } from '../../../../core/api/monitors';
import { json, stubServer, TEST_USER } from '../../../test/fake-server';
import { makeDnsMonitor, makeMonitor, makePingMonitor, makeTcpMonitor } from '../../../test/monitors';
import { renderApp } from '../../../test/render-app';
import { makeCertificate, makeSslCheck, makeSslOverview } from '../../../test/ssl';
import { FIRST_CHECK_POLL_MS } from './ssl-query';

const NOW = Date.UTC(2025, 2, 3, 12, 0, 0);
const DAY_MS = 86_400_000;
// The lazy route and its fetches can take over a second on a busy machine.
const LOAD = { timeout: 5000 };
const SELF_SIGNED = {
  code: 'self_signed' as const,
  message: 'The certificate is self-signed, so no browser trusts it.',
  remedy: 'Replace it with a certificate from a public certificate authority such as Let’s Encrypt.',
};

function showSecurity(ssl: () => Response, monitor: Monitor = makeMonitor(), domain?: () => Response) {
  stubServer({
    user: TEST_USER,
    routes: {
      'GET /api/v1/monitors/m-1': () => json(monitor),
      'GET /api/v1/monitors/m-1/ssl': ssl,
      ...(domain ? { 'GET /api/v1/monitors/m-1/domain': domain } : {}),
    },
  });
  return renderApp('/dashboard/monitors/m-1/security');
}

describe('monitor security tab', () => {
  it('shows a self-signed certificate with its problem, remedy, chain and days left in danger colour', async () => {
    const check = makeSslCheck({
      certificate: makeCertificate({
        issuer: 'localhost',
        issuerOrganization: null,
        subjectCn: 'localhost',
        subjectAltNames: ['localhost', '127.0.0.1'],
        keyType: 'RSA',
        keyBits: 2048,
        validTo: NOW + 5 * DAY_MS,
      }),
      chain: [
        {
          subject: 'localhost',
          issuer: 'localhost',
          validTo: NOW + 5 * DAY_MS,
          fingerprintSha256: 'AB:CD',
          selfSigned: true,
        },
      ],
      trusted: false,
      chainComplete: false,
      ocspStapled: false,
      protocol: 'TLSv1.1',
      daysRemaining: 5,
      problems: [SELF_SIGNED],
    });
    showSecurity(() => json(makeSslOverview({ current: check })));

    const daysLeft = await screen.findByText('5 days left', {}, LOAD);
    expect(daysLeft).toHaveClass('text-danger');
    expect(screen.getByText('1 problem found')).toBeInTheDocument();
    // Once in the certificate card, once on the chain's only entry.
    expect(screen.getAllByText('Issued by localhost')).toHaveLength(2);
    expect(screen.getByText('RSA 2,048 bits')).toBeInTheDocument();
    const problems = screen.getByRole('list', { name: 'Problems' });
    expect(problems).toHaveTextContent(SELF_SIGNED.message);
    expect(problems).toHaveTextContent(SELF_SIGNED.remedy);
    const chain = screen.getByRole('list', { name: 'Certificate chain' });
    expect(chain).toHaveTextContent('Self-signed');
    expect(chain).toHaveTextContent('Missing intermediate certificate');
    expect(screen.getByText('Not trusted')).toBeInTheDocument();
    expect(screen.getByText('TLSv1.1')).toBeInTheDocument();
    expect(screen.getByText('Not offered')).toBeInTheDocument();
  });

  it('shows a healthy certificate in full, its check times in the viewer’s zone and its history newest first', async () => {
    showSecurity(() => json(makeSslOverview()));

    const daysLeft = await screen.findByText('30 days left', {}, LOAD);
    expect(daysLeft).toHaveClass('text-accent');
    expect(screen.queryByText(/^\d+ problems? found$/)).not.toBeInTheDocument();
    expect(screen.getByText("Issued by R11 (Let's Encrypt)")).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Alternative names' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(screen.getByText('No problems found.')).toBeInTheDocument();
    expect(screen.getByText('Trusted by browsers')).toBeInTheDocument();
    expect(screen.getByText('Matches the certificate')).toBeInTheDocument();
    expect(screen.getByText('TLS_AES_256_GCM_SHA384')).toBeInTheDocument();
    // TEST_USER's zone is Europe/London: 11:00 UTC on March 3 is 11:00 AM there, 23:00 is 11:00 PM.
    expect(
      screen.getByText('Last checked Mar 3, 2025, 11:00 AM · Next check Mar 3, 2025, 11:00 PM'),
    ).toBeInTheDocument();
    const history = within(screen.getByRole('list', { name: 'Certificate history' })).getAllByRole(
      'listitem',
    );
    expect(history).toHaveLength(2);
    expect(history[0]).toHaveTextContent('Issued by R11');
    expect(history[0]).toHaveTextContent('Current');
    expect(history[0]).toHaveTextContent('First seen Jan 2, 2025');
    expect(history[1]).toHaveTextContent('Issued by R10');
    expect(history[1]).not.toHaveTextContent('Current');
  });

  it('shows the domain card: when the registration expires, with whom, and a failed lookup', async () => {
    const domain = {
      enabled: true,
      domain: 'example.com',
      expiresAt: NOW + 12 * DAY_MS + 3_600_000,
      daysRemaining: 12,
      registrar: 'Gandi SAS',
      checkedAt: Date.UTC(2025, 2, 3, 11, 0, 0),
      error: { code: 'rdap_unavailable', message: 'rdap.example answered HTTP 503.' },
      nextCheckAt: NOW + DAY_MS,
    };
    showSecurity(
      () => json(makeSslOverview()),
      makeMonitor(),
      () => json(domain),
    );
    const card = await screen.findByTestId('domain-card', {}, LOAD);
    expect(within(card).getByText('Domain example.com')).toBeInTheDocument();
    expect(within(card).getByText('Registered with Gandi SAS')).toBeInTheDocument();
    expect(within(card).getByText('12 days left · expires Mar 15, 2025')).toHaveClass('text-warning');
    expect(within(card).getByText('rdap.example answered HTTP 503.')).toHaveClass('text-danger');
    expect(card).toHaveTextContent('Last looked up Mar 3, 2025, 11:00 AM');
  });

  it('shows no domain card for a monitor that has not opted in', async () => {
    const off = {
      enabled: false,
      domain: null,
      expiresAt: null,
      daysRemaining: null,
      registrar: null,
      checkedAt: null,
      error: null,
      nextCheckAt: null,
    };
    showSecurity(
      () => json(makeSslOverview()),
      makeMonitor(),
      () => json(off),
    );
    await screen.findByText('30 days left', {}, LOAD);
    expect(screen.queryByTestId('domain-card')).not.toBeInTheDocument();
  });

  it('colours a certificate with under 30 days left as a warning', async () => {
    showSecurity(() => json(makeSslOverview({ current: makeSslCheck({ daysRemaining: 29 }) })));
    expect(await screen.findByText('29 days left', {}, LOAD)).toHaveClass('text-warning');
  });

  it('says an expired certificate expired, and when', async () => {
    const check = makeSslCheck({
      certificate: makeCertificate({ validTo: NOW - 2 * DAY_MS }),
      daysRemaining: -2,
    });
    showSecurity(() => json(makeSslOverview({ current: check })));
    expect(await screen.findByText('Expired on Mar 1, 2025', {}, LOAD)).toHaveClass('text-danger');
  });

  it('waits for the first check of a never-checked monitor and shows it once it lands', async () => {
    let calls = 0;
    showSecurity(() => {
      calls += 1;
      return json(calls === 1 ? makeSslOverview({ current: null, certificates: [] }) : makeSslOverview());
    });

    expect(await screen.findByText('No certificate checks yet', {}, LOAD)).toBeInTheDocument();
    expect(
      await screen.findByText('30 days left', {}, { timeout: FIRST_CHECK_POLL_MS + LOAD.timeout }),
    ).toBeVisible();
  });

  it('heads its empty states one level under the monitor’s name, as no heading level is skipped', async () => {
    const { unmount } = showSecurity(() => json(makeSslOverview({ current: null, certificates: [] })));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No certificate checks yet' }, LOAD),
    ).toBeInTheDocument();
    unmount();
    showSecurity(
      () => json({ applicable: false, current: null, certificates: [], nextCheckAt: null }),
      makeMonitor({ url: 'http://acme.dev' }),
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No certificate to check' }, LOAD),
    ).toBeInTheDocument();
  });

  it('says a paused monitor’s certificate is checked once it resumes', async () => {
    showSecurity(
      () => json(makeSslOverview({ current: null, certificates: [], nextCheckAt: null })),
      makeMonitor({ paused: true, status: 'paused' }),
    );
    expect(await screen.findByText('No certificate checks yet', {}, LOAD)).toBeInTheDocument();
    expect(
      screen.getByText('This monitor is paused. Its certificate is checked as soon as you resume it.'),
    ).toBeInTheDocument();
  });

  it('explains that an http:// monitor has no certificate', async () => {
    showSecurity(
      () => json({ applicable: false, current: null, certificates: [], nextCheckAt: null }),
      makeMonitor({ url: 'http://acme.dev' }),
    );
    expect(await screen.findByText('No certificate to check', {}, LOAD)).toBeInTheDocument();
    expect(
      screen.getByText(
        "This monitor uses plain http://, which has no TLS certificate. Change its URL to https:// in Settings to watch the certificate's expiry, chain and hostname.",
      ),
    ).toBeInTheDocument();
  });

  it('says how each kind without a certificate could have one, or that only its domain applies', async () => {
    const notApplicable = () =>
      json({ applicable: false, current: null, certificates: [], nextCheckAt: null });
    const { unmount } = showSecurity(notApplicable, makeTcpMonitor({ id: 'm-1', tls: false }));
    expect(await screen.findByText('No certificate to check', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/Turn on “Connect over TLS” in Settings to watch the certificate/)).toBeVisible();
    expect(screen.queryByText(/plain http:\/\//)).toBeNull();
    unmount();

    for (const monitor of [makePingMonitor({ id: 'm-1' }), makeDnsMonitor({ id: 'm-1' })]) {
      const { unmount: done } = showSecurity(notApplicable, monitor);
      expect(
        await screen.findByText(/has no TLS certificate; only its domain’s expiry applies/, {}, LOAD),
      ).toBeVisible();
      expect(screen.queryByText(/plain http:\/\//)).toBeNull();
      done();
    }
  });

  it('says why no certificate could be read when the connection failed', async () => {
    const check = makeSslCheck({
      certificate: null,
      chain: [],
      daysRemaining: null,
      error: {
        code: 'connection_refused',
        message: 'Could not connect to acme.dev:443 (connection refused).',
      },
    });
    showSecurity(() => json(makeSslOverview({ current: check })));
    expect(await screen.findByText("We couldn't read the certificate", {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Could not connect to acme.dev:443 (connection refused).')).toBeInTheDocument();
  });

  it('shows the server’s error when the certificate cannot be loaded', async () => {
    showSecurity(() => json({ error: { code: 'not_found', message: 'Monitor not found.' } }, 404));
    expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent(
      "We couldn't load the certificate. Monitor not found.",
    );
  });
});
