import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubServer, TEST_USER } from '../test/fake-server';
import { renderInRouter } from '../test/render-in-router';
import { UpgradeCard } from './upgrade-card';

const CASES = [
  ['limit', "You've reached your monitor limit on the free plan."],
  ['feature', 'This feature is available with the Pro plan.'],
  ['general', 'Unlock more powerful monitoring with Pro.'],
] as const;

describe('UpgradeCard', () => {
  beforeEach(() => {
    stubServer({ user: TEST_USER });
  });

  it.each(CASES)(
    'full card for the %s trigger shows its message and the guarantee',
    async (trigger, message) => {
      renderInRouter(<UpgradeCard trigger={trigger} />);

      expect(await screen.findByRole('heading', { name: 'Upgrade to Pro' })).toBeInTheDocument();
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(screen.getByText('Cancel anytime • Full refund within 30 days')).toBeInTheDocument();
      expect(screen.getAllByRole('listitem')).toHaveLength(4);
    },
  );

  it.each(CASES)(
    'compact card for the %s trigger shows its message and an Upgrade button',
    async (trigger, message) => {
      renderInRouter(<UpgradeCard trigger={trigger} compact />);

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
      expect(screen.getByText('Cancel anytime • Full refund within 30 days')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
    },
  );

  it('states 90 days of history versus 7 on free', async () => {
    renderInRouter(<UpgradeCard />);
    expect(await screen.findByText('90 days of history')).toBeInTheDocument();
    expect(screen.getByText('Versus 7 days on Free.')).toBeInTheDocument();
  });

  it('opens pricing in a new tab from Learn More', async () => {
    renderInRouter(<UpgradeCard />);
    const learnMore = await screen.findByRole('link', { name: 'Learn More' });
    expect(learnMore).toHaveAttribute('href', '/pricing');
    expect(learnMore).toHaveAttribute('target', '_blank');
  });
});
