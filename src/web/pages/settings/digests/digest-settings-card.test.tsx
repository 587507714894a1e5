import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DigestSettings } from '../../../../core/api/digests';
import { makePlanCustomer } from '../../../test/billing';
import { json, stubServer, TEST_USER } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const SETTINGS: DigestSettings = {
  frequency: 'weekly',
  weekday: 1,
  hour: 8,
  timezone: 'Europe/London',
  nextSendAt: Date.UTC(2026, 10, 23, 8),
};

function starterServer(routes: NonNullable<Parameters<typeof stubServer>[0]>['routes'] = {}) {
  let settings = SETTINGS;
  return stubServer({
    user: TEST_USER,
    routes: {
      'POST /api/billing/customers': () => json(makePlanCustomer('starter')),
      'GET /api/v1/digest-settings': () => json(settings),
      'PUT /api/v1/digest-settings': (request) => {
        const input = request.body as Partial<DigestSettings>;
        settings = {
          ...settings,
          ...input,
          nextSendAt: input.frequency === 'off' ? null : settings.nextSendAt,
        };
        return json(settings);
      },
      ...routes,
    },
  });
}

describe('email digests card', () => {
  it('shows the weekly Monday 08:00 default, the time zone and the next send time', async () => {
    starterServer();
    renderApp('/dashboard/settings');
    // The file's first render also loads the settings route's lazy chunks.
    expect(await screen.findByLabelText('Frequency', {}, { timeout: 10_000 })).toHaveValue('weekly');
    expect(screen.getByLabelText('Day')).toHaveValue('1');
    expect(within(screen.getByLabelText('Day')).getByRole('option', { selected: true })).toHaveTextContent(
      'Monday',
    );
    expect(within(screen.getByLabelText('Hour')).getByRole('option', { selected: true })).toHaveTextContent(
      '08:00',
    );
    expect(screen.getByText(/Times are in your time zone,/)).toHaveTextContent(
      'Times are in your time zone, Europe/London. Next digest: Nov 23, 2026, 8:00 AM.',
    );
    expect(screen.getByRole('option', { name: 'Off' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Daily' })).toBeInTheDocument();
  });

  it('saves the frequency and hour, and turning digests off hides the schedule', async () => {
    const { requests } = starterServer();
    renderApp('/dashboard/settings');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Hour'), '18:00');
    await waitFor(() => expect(screen.getByLabelText('Hour')).toHaveValue('18'));
    await user.selectOptions(screen.getByLabelText('Frequency'), 'Off');
    expect(await screen.findByText(/Digests are off\./)).toBeInTheDocument();
    expect(screen.queryByLabelText('Day')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Hour')).not.toBeInTheDocument();
    const puts = requests.filter((r) => r.method === 'PUT' && r.path === '/api/v1/digest-settings');
    expect(puts.map((r) => r.body)).toEqual([{ hour: 18 }, { frequency: 'off' }]);
  });

  it("sends a preview on 'Send me a preview now' and says where it went, or why not", async () => {
    let calls = 0;
    const { requests } = starterServer({
      'POST /api/v1/reports/preview': () =>
        ++calls === 1
          ? json({ sentTo: 'ada@example.com', periodStart: 0, periodEnd: 1 })
          : json(
              {
                error: {
                  code: 'preview_rate_limited',
                  message: 'A preview was sent less than a minute ago. Try again shortly.',
                },
              },
              429,
            ),
    });
    renderApp('/dashboard/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send me a preview now' }));
    expect(await screen.findByText('Preview sent to ada@example.com.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send me a preview now' }));
    expect(
      await screen.findByText('A preview was sent less than a minute ago. Try again shortly.'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/v1/reports/preview')).toHaveLength(2);
  });

  it('offers the upgrade to free users and does not ask for their settings', async () => {
    const { requests } = stubServer({ user: TEST_USER });
    renderApp('/dashboard/settings');
    expect(await screen.findByRole('heading', { name: 'Email digests' })).toBeInTheDocument();
    expect(await screen.findByText('Email digests require the Starter plan or higher.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send me a preview now' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/v1/digest-settings')).toBe(false);
  });
});
