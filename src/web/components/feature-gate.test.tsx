import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubServer, TEST_USER } from '../test/fake-server';
import { renderInRouter } from '../test/render-in-router';
import { FeatureGate } from './feature-gate';

describe('FeatureGate on the free plan', () => {
  beforeEach(() => {
    stubServer({ user: TEST_USER });
  });

  it('names Starter as the lowest plan with incident management', async () => {
    renderInRouter(
      <FeatureGate feature="incidentManagement">
        <p>incident list</p>
      </FeatureGate>,
    );

    expect(await screen.findByRole('heading', { name: 'Feature Unavailable' })).toBeInTheDocument();
    expect(
      screen.getByText('This feature requires a Starter subscription plan or higher.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('heading', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(screen.queryByText('incident list')).not.toBeInTheDocument();
  });

  it('names Pro as the lowest plan with API access', async () => {
    renderInRouter(
      <FeatureGate feature="apiAccess">
        <p>api keys</p>
      </FeatureGate>,
    );

    expect(
      await screen.findByText('This feature requires a Pro subscription plan or higher.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('api keys')).not.toBeInTheDocument();
  });

  it('shows the content of a feature every plan includes', async () => {
    renderInRouter(
      <FeatureGate feature="sslMonitoring">
        <p>certificates</p>
      </FeatureGate>,
    );

    expect(await screen.findByText('certificates')).toBeInTheDocument();
    expect(screen.queryByText('Feature Unavailable')).not.toBeInTheDocument();
  });
});
