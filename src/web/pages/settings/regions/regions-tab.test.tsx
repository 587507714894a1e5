import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RegionList } from '../../../../core/api/regions';
import { json, stubServer, TEST_USER } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const NOW = Date.UTC(2026, 10, 26, 12);
const list: RegionList = {
  regions: [
    {
      name: 'ap-south',
      online: false,
      lastSeenAt: NOW - 300_000,
      checksPerMinute: 0,
      workers: [
        {
          id: 'b-1',
          host: 'bom-1',
          pid: 42,
          startedAt: NOW - 3_600_000,
          lastSeenAt: NOW - 300_000,
          stoppedAt: NOW - 285_000,
          checksPerMinute: 80,
          lagP99Ms: 30,
        },
      ],
    },
    {
      name: 'eu-west',
      online: true,
      lastSeenAt: NOW - 4000,
      checksPerMinute: 1200,
      workers: [
        {
          id: 'a-1',
          host: 'fra-1',
          pid: 41,
          startedAt: NOW - 3_600_000,
          lastSeenAt: NOW - 4000,
          stoppedAt: null,
          checksPerMinute: 1200,
          lagP99Ms: 12,
        },
      ],
    },
  ],
};

describe('Settings → Regions', () => {
  it('lists each region online or offline with its workers, their checks a minute and lag', async () => {
    stubServer({ user: TEST_USER, routes: { 'GET /api/v1/regions': () => json(list) } });
    renderApp('/dashboard/settings/regions');

    const eu = (await screen.findByText('eu-west')).closest('div[class]')?.parentElement as HTMLElement;
    expect(within(eu).getByText('Online')).toBeInTheDocument();
    expect(screen.getByText('Offline')).toBeInTheDocument();
    expect(screen.getByText(/1,200 checks a minute/)).toBeInTheDocument();
    expect(screen.getByText('fra-1 · pid 41')).toBeInTheDocument();
    expect(screen.getByText('12 ms')).toBeInTheDocument();
    expect(screen.getByText('stopped')).toBeInTheDocument();
  });
});
