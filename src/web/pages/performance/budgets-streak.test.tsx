import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PerformanceSite } from '../../../core/api/performance';
import { makePlanCustomer } from '../../test/billing';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { makeSite } from '../../test/performance';
import { renderInRouter } from '../../test/render-in-router';
import { BudgetsCard } from './budgets-card';

const LOAD = { timeout: 5000 };

function serve(site: PerformanceSite) {
  return stubServer({
    user: TEST_USER,
    routes: {
      'POST /api/billing/customers': () => json(makePlanCustomer('starter', {}, { id: TEST_USER.id })),
      'PATCH /api/v1/performance/sites/site-1': (request) =>
        json({ ...site, budgets: (request.body as { budgets: unknown }).budgets }),
    },
  });
}

const labAndField = () =>
  makeSite({
    budgets: [
      { metric: 'lcpMs', limit: 2000 },
      { source: 'field', metric: 'inp', limit: 200, window: '28d', consecutiveHours: 3, minPageViews: 100 },
    ],
  });

describe('the field budget streak rule in the budgets card', () => {
  it('sends the edited hours in a row and minimum page views, and the sentence follows them', async () => {
    const site = labAndField();
    const { requests } = serve(site);
    renderInRouter(<BudgetsCard site={site} />);
    const hours = await screen.findByLabelText('Interaction to Next Paint (field) hours in a row', {}, LOAD);
    expect(hours).toHaveAttribute('min', '1');
    expect(hours).toHaveAttribute('max', '168');
    fireEvent.change(hours, { target: { value: '6' } });
    const views = screen.getByLabelText('Interaction to Next Paint (field) minimum page views');
    expect(views).toHaveAttribute('max', '10000000');
    fireEvent.change(views, { target: { value: '250' } });
    expect(
      screen.getByText(
        'Alerts once the p75 is over budget 6 hours in a row with at least 250 page views, and recovers the same way.',
      ),
    ).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Save budgets' }));

    expect(await screen.findByText('Budgets saved.')).toBeVisible();
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      budgets: [
        { metric: 'lcpMs', limit: 2000 },
        { source: 'field', metric: 'inp', limit: 200, window: '28d', consecutiveHours: 6, minPageViews: 250 },
      ],
    });
  });

  it('refuses hours in a row over 168 with an announced message and sends nothing', async () => {
    const site = labAndField();
    const { requests } = serve(site);
    renderInRouter(<BudgetsCard site={site} />);
    fireEvent.change(
      await screen.findByLabelText('Interaction to Next Paint (field) hours in a row', {}, LOAD),
      { target: { value: '169' } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save budgets' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter whole hours in a row from 1 to 168 for Interaction to Next Paint (field).',
    );
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('refuses zero minimum page views', async () => {
    const site = labAndField();
    const { requests } = serve(site);
    renderInRouter(<BudgetsCard site={site} />);
    fireEvent.change(
      await screen.findByLabelText('Interaction to Next Paint (field) minimum page views', {}, LOAD),
      { target: { value: '0' } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save budgets' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter whole minimum page views from 1 to 10,000,000 for Interaction to Next Paint (field).',
    );
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('shows no streak inputs on lab rows', async () => {
    const site = makeSite({ budgets: [{ metric: 'lcpMs', limit: 2000 }] });
    serve(site);
    renderInRouter(<BudgetsCard site={site} />);
    expect(await screen.findByLabelText('Largest Contentful Paint limit', {}, LOAD)).toBeVisible();
    expect(screen.queryByLabelText(/hours in a row/i)).toBeNull();
    expect(screen.queryByLabelText(/minimum page views/i)).toBeNull();
  });
});
