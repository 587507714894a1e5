import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubServer } from '../test/fake-server';
import { makeCatalogueProducts } from '../test/pricing';
import { renderApp } from '../test/render-app';

describe('landing page', () => {
  it('shows the copy, the links and the CI example with the public URL', async () => {
    stubServer();
    renderApp('/');

    expect(await screen.findByRole('heading', { name: "Monitoring that doesn't suck" })).toBeInTheDocument();
    expect(
      screen.getByText('5 monitors free, no credit card required, setup in 30 seconds'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /pricing/i }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: /sign in/i }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: /sign up/i }).length).toBeGreaterThan(0);
    expect(screen.getByText('99.98%')).toBeInTheDocument();
    expect(screen.getByText('182 ms')).toBeInTheDocument();
    expect(screen.getByText('v1.4.2')).toBeInTheDocument();
    expect(
      await screen.findByText(
        `curl -X POST https://upwatch.example/api/v1/deployments -H "Authorization: Bearer {key}" -H "content-type: application/json" -d '{"version":"v1.4.2","trigger_checks":true}'`,
      ),
    ).toBeInTheDocument();
  });
});

describe('pricing page', () => {
  it('lists the three plans with their prices and sends buyers to sign-up', async () => {
    stubServer({ routes: { 'GET /api/billing/products': () => json({ list: makeCatalogueProducts() }) } });
    renderApp('/pricing');

    const expected: [string, string][] = [
      ['Free', '$0'],
      ['Starter', '$19'],
      ['Pro', '$39'],
    ];
    for (const [name, price] of expected) {
      const card = await screen.findByRole('article', { name });
      expect(card).toHaveTextContent(price);
      // No customer: every plan's button signs the visitor up first.
      expect(within(card).getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/signup');
    }
    expect(screen.getByText('Everything from Starter, plus:')).toBeInTheDocument();
    expect(screen.getByText('API access')).toBeInTheDocument();
  });
});
