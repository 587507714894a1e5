import { fireEvent, screen, within } from '@testing-library/react';
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

describe('field budgets in the budgets card', () => {
  it('adds a field INP budget over the last 24 hours beside a lab budget, sent with its streak rule', async () => {
    const site = makeSite({ budgets: [{ metric: 'lcpMs', limit: 2000 }] });
    const { requests } = serve(site);
    renderInRouter(<BudgetsCard site={site} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add budget' }, LOAD));
    const rows = within(screen.getByRole('list', { name: 'Budgets' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    // The new row starts on the next lab metric; switching it to Field offers the five vitals.
    fireEvent.change(
      within(rows[1] as HTMLElement).getByRole('combobox', { name: 'Performance score source' }),
      {
        target: { value: 'field' },
      },
    );
    const metric = screen.getAllByRole('combobox', { name: 'Metric' })[1] as HTMLSelectElement;
    expect([...metric.options].map((option) => option.text)).toEqual([
      'Largest Contentful Paint',
      'Interaction to Next Paint',
      'Cumulative Layout Shift',
      'First Contentful Paint',
      'Time to First Byte',
    ]);
    fireEvent.change(metric, { target: { value: 'inp' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Interaction to Next Paint (field) window' }), {
      target: { value: '24h' },
    });
    fireEvent.change(screen.getByLabelText('Interaction to Next Paint (field) limit'), {
      target: { value: '200' },
    });
    expect(
      screen.getByText(
        'Alerts once the p75 is over budget 3 hours in a row with at least 100 page views, and recovers the same way.',
      ),
    ).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Save budgets' }));

    expect(await screen.findByText('Budgets saved.')).toBeVisible();
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({
      budgets: [
        { metric: 'lcpMs', limit: 2000 },
        { source: 'field', metric: 'inp', limit: 200, window: '24h', consecutiveHours: 3, minPageViews: 100 },
      ],
    });
  });

  it('summarises lab and field budgets, and keeps a field budget’s own streak rule when saved again', async () => {
    const site = makeSite({
      budgets: [
        { metric: 'cls', limit: 0.1 },
        { source: 'field', metric: 'cls', limit: 0.1, window: '28d', consecutiveHours: 6, minPageViews: 500 },
        {
          source: 'field',
          metric: 'lcp',
          limit: 2500,
          window: '24h',
          consecutiveHours: 3,
          minPageViews: 100,
        },
      ],
    });
    const { requests } = serve(site);
    renderInRouter(<BudgetsCard site={site} />);
    expect(
      await screen.findByText(
        'Cumulative Layout Shift at most 0.100 · Cumulative Layout Shift (field) p75 at most 0.100, last 28 days · Largest Contentful Paint (field) p75 at most 2.5 s, last 24 hours',
        {},
        LOAD,
      ),
    ).toBeVisible();
    // Lab and field CLS are two budgets: each has its own row.
    expect(await screen.findByLabelText('Cumulative Layout Shift limit', {}, LOAD)).toHaveValue('0.1');
    expect(screen.getByLabelText('Cumulative Layout Shift (field) limit')).toHaveValue('0.1');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove the Largest Contentful Paint (field) budget' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save budgets' }));
    expect(await screen.findByText('Budgets saved.')).toBeVisible();
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      budgets: [
        { metric: 'cls', limit: 0.1 },
        { source: 'field', metric: 'cls', limit: 0.1, window: '28d', consecutiveHours: 6, minPageViews: 500 },
      ],
    });
  });

  it('names the field budget whose limit is missing', async () => {
    const site = makeSite({ budgets: [] });
    serve(site);
    renderInRouter(<BudgetsCard site={site} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add budget' }, LOAD));
    fireEvent.change(screen.getByRole('combobox', { name: 'Performance score source' }), {
      target: { value: 'field' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save budgets' }));
    expect(
      await screen.findByText('Enter a limit of 0 or more for Largest Contentful Paint (field).'),
    ).toBeVisible();
  });
});

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

  it.each([
    [
      'hours in a row',
      '169',
      'Enter whole hours in a row from 1 to 168 for Interaction to Next Paint (field).',
    ],
    [
      'minimum page views',
      '0',
      'Enter whole minimum page views from 1 to 10,000,000 for Interaction to Next Paint (field).',
    ],
  ])('refuses %s of %s with an announced message and sends nothing', async (field, value, message) => {
    const site = labAndField();
    const { requests } = serve(site);
    renderInRouter(<BudgetsCard site={site} />);
    fireEvent.change(await screen.findByLabelText(`Interaction to Next Paint (field) ${field}`, {}, LOAD), {
      target: { value },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save budgets' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
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
