import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlanId } from '../../core/plans';
import { makePlanCustomer } from '../test/billing';
import { json, stubServer, TEST_USER } from '../test/fake-server';
import { renderInRouter } from '../test/render-in-router';
import { FeatureGate } from './feature-gate';
import type { GateId } from './gates';

function onPlan(plan: PlanId) {
  stubServer({
    user: TEST_USER,
    routes: { 'POST /api/billing/customers': () => json(makePlanCustomer(plan)) },
  });
}

const LOCKED_ON_FREE: [GateId, string, string][] = [
  ['monitorDeployments', 'Deployment monitoring', 'Pro'],
  ['monitorIncidents', 'Incident management', 'Starter'],
  ['api', 'API access and deployment monitoring', 'Pro'],
  ['digests', 'Email digests', 'Starter'],
];

describe('FeatureGate', () => {
  it.each(LOCKED_ON_FREE)(
    'on free, the %s gate names %s and the lowest plan with it, %s',
    async (gate, name, plan) => {
      onPlan('free');
      renderInRouter(
        <FeatureGate gate={gate}>
          <p>gated content</p>
        </FeatureGate>,
      );

      expect(await screen.findByRole('heading', { name: 'Feature Unavailable' })).toBeInTheDocument();
      expect(
        screen.getByText(`This feature requires a ${plan} subscription plan or higher.`),
      ).toBeInTheDocument();
      expect(screen.getByText(name)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
      // Every string on the card names the plan its button checks out.
      expect(screen.getByRole('heading', { name: `Upgrade to ${plan}` })).toBeInTheDocument();
      expect(screen.getByText(`This feature is available with the ${plan} plan.`)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Upgrade to ${plan}` })).toBeInTheDocument();
      expect(screen.queryByText('gated content')).not.toBeInTheDocument();
    },
  );

  it.each(['monitorSecurity', 'publicStatus'] as const)(
    'shows the %s screen on free, whose plan includes it',
    async (gate) => {
      onPlan('free');
      renderInRouter(
        <FeatureGate gate={gate}>
          <p>gated content</p>
        </FeatureGate>,
      );
      expect(await screen.findByText('gated content')).toBeInTheDocument();
      expect(screen.queryByText('Feature Unavailable')).not.toBeInTheDocument();
    },
  );

  it('unlocks incidents on Starter but still offers Pro for the API', async () => {
    onPlan('starter');
    renderInRouter(
      <>
        <FeatureGate gate="monitorIncidents">
          <p>incident list</p>
        </FeatureGate>
        <FeatureGate gate="api">
          <p>api keys</p>
        </FeatureGate>
      </>,
    );

    expect(await screen.findByText('incident list')).toBeInTheDocument();
    expect(screen.getByText('This feature requires a Pro subscription plan or higher.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(screen.queryByText('api keys')).not.toBeInTheDocument();
  });

  it('lets Pro through every gate', async () => {
    onPlan('pro');
    renderInRouter(
      <FeatureGate gate="api">
        <p>api keys</p>
      </FeatureGate>,
    );
    expect(await screen.findByText('api keys')).toBeInTheDocument();
  });
});
