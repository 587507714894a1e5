import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '../../../../core/api/imports';
import { json, stubServer, TEST_USER } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const preview: ImportPreview = {
  source: 'uptimerobot',
  monitors: [
    {
      name: 'Marketing site',
      kind: 'http',
      target: 'https://www.example.com',
      intervalSeconds: 900,
      channels: ['On-call mail'],
      notes: ['Checked every 5 min; the Free plan checks at most every 15 min, so every 15 min.'],
    },
  ],
  channels: [{ name: 'On-call mail', kind: 'email', target: 'oncall@example.com', notes: [] }],
  skipped: [
    {
      type: 'channel',
      name: 'Ops Telegram',
      reason: 'UptimeRobot sends Telegram alerts through its own bot.',
    },
  ],
  limits: [],
  canImport: true,
};

function serve(role: 'viewer' | 'member') {
  return stubServer({
    user: TEST_USER,
    routes: {
      'GET /api/v1/workspaces': () =>
        json({ workspaces: [{ id: 'user-1', name: "Ada's workspace", role, active: true }] }),
      'POST /api/v1/imports/uptimerobot/preview': () => json(preview),
      'POST /api/v1/imports/kuma-db/preview': () => json({ ...preview, source: 'kuma-db' }),
      'POST /api/v1/imports/uptimerobot': () =>
        json(
          { monitors: [{ id: 'm-1', name: 'Marketing site', kind: 'http' }], channels: [], skipped: [] },
          201,
        ),
    },
  });
}

async function chooseExport() {
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByLabelText('From'), 'uptimerobot');
  const file = new File(['{"monitors":[]}'], 'export.json', { type: 'application/json' });
  await user.upload(screen.getByLabelText('File'), file);
  await screen.findByText('1 monitor and 1 alert channel to import, 1 skipped.');
  return user;
}

describe('Settings → Import', () => {
  it('previews the file the member chose, then imports it on confirmation', async () => {
    const { requests } = serve('member');
    renderApp('/dashboard/settings/import');
    const user = await chooseExport();
    expect(
      screen.getByText('Checked every 5 min; the Free plan checks at most every 15 min, so every 15 min.'),
    );
    expect(screen.getByText('UptimeRobot sends Telegram alerts through its own bot.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/v1/imports/uptimerobot/preview')?.body).toEqual({
      file: '{"monitors":[]}',
    });

    await user.click(screen.getByRole('button', { name: 'Import 1 monitor and 1 channel' }));
    expect(await screen.findByText(/Imported 1 monitor and 0 alert channels\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the monitors' })).toHaveAttribute(
      'href',
      '/dashboard/monitors',
    );
  });

  it('shows a viewer the preview but no import button, and says why', async () => {
    const { requests } = serve('viewer');
    renderApp('/dashboard/settings/import');
    await chooseExport();
    await waitFor(() => expect(screen.getByText(/you are a viewer in this workspace/)).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    expect(requests.some((r) => r.path === '/api/v1/imports/uptimerobot')).toBe(false);
  });

  it('sends a kuma.db as the file’s own bytes, and refuses one over the upload limit before sending', async () => {
    const { requests } = serve('member');
    renderApp('/dashboard/settings/import');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('From'), 'kuma-db');
    expect(screen.getByText(/Uptime Kuma 2\.x has no JSON backup/)).toBeInTheDocument();
    // The fake server reads bodies as JSON, so these "bytes" are a JSON string.
    await user.upload(screen.getByLabelText('File'), new File(['"kuma.db bytes"'], 'kuma.db'));
    await screen.findByText('1 monitor and 1 alert channel to import, 1 skipped.');
    const sent = requests.find((r) => r.path === '/api/v1/imports/kuma-db/preview');
    expect(sent?.headers.get('content-type')).toBe('application/octet-stream');
    expect(sent?.body).toBe('kuma.db bytes');

    const large = new File([new Uint8Array(64 * 1024 * 1024 + 1)], 'kuma.db');
    await user.upload(screen.getByLabelText('File'), large);
    expect(await screen.findByText(/over the 64 MiB upload limit/)).toBeInTheDocument();
    expect(screen.getByText(/upwatch import kuma-db PATH/)).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/v1/imports/kuma-db/preview')).toHaveLength(1);
  });
});
