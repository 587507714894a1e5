import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RumSettings } from '../../../core/api/field';
import { stubServer, TEST_USER } from '../../test/fake-server';
import { renderInRouter } from '../../test/render-in-router';
import { OVER_ALLOWANCE_TEXT, RumAllowanceBanner } from './rum-allowance-banner';

const settings = (overAllowance: boolean): RumSettings => ({
  enabled: true,
  key: 'k',
  snippet: '<script></script>',
  sampleRate: 1,
  allowedOrigins: ['https://shop.example.com'],
  routes: [],
  firstPageViewAt: 1,
  overAllowance,
});

describe('RumAllowanceBanner', () => {
  it('says page views are counted but not recorded, with the pack and a billing link, past the allowance', async () => {
    stubServer({ user: TEST_USER });
    renderInRouter(<RumAllowanceBanner settings={settings(true)} />);
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent(OVER_ALLOWANCE_TEXT);
    expect(banner).toHaveTextContent('100,000 more for $5');
    expect(screen.getByRole('link', { name: 'Billing' })).toHaveAttribute(
      'href',
      '/dashboard/settings/billing',
    );
  });

  it('shows nothing within the allowance or before the settings load', async () => {
    stubServer({ user: TEST_USER });
    renderInRouter(
      <div data-testid="host">
        <RumAllowanceBanner settings={settings(false)} />
        <RumAllowanceBanner settings={undefined} />
      </div>,
    );
    expect(await screen.findByTestId('host')).toBeEmptyDOMElement();
  });
});
