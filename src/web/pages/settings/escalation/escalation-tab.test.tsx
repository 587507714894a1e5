import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Channel } from '../../../../core/api/alerts';
import type { EscalationPolicy } from '../../../../core/api/escalation';
import { makePlanCustomer } from '../../../test/billing';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const channel = (id: string, name: string): Channel => ({
  id,
  kind: 'email',
  name,
  target: `${id}@example.com`,
  createdAt: 0,
});
const CHANNELS = [channel('c-1', 'On call'), channel('c-2', 'Team lead')];

function serve(policies: EscalationPolicy[] = []) {
  return stubServer({
    user: TEST_USER,
    routes: {
      'POST /api/billing/customers': () => json(makePlanCustomer('starter')),
      'GET /api/v1/alert-channels': () => json({ channels: CHANNELS, accountEmail: TEST_USER.email }),
      'GET /api/v1/escalation-policies': () => json({ policies }),
      'POST /api/v1/escalation-policies': (request) =>
        json({ id: 'p-1', monitorCount: 0, createdAt: 0, updatedAt: 0, ...(request.body as object) }, 201),
    },
  });
}

const posts = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/escalation-policies');

describe('Settings → Escalation policies', () => {
  it('builds a two-step policy with a repeat and makes it the default', async () => {
    const { requests } = serve();
    renderApp('/dashboard/settings/escalation');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New policy' }));
    const form = await screen.findByRole('form', { name: 'New escalation policy' });
    await user.type(within(form).getByLabelText('Name'), 'Office hours');
    const [first] = within(form).getAllByRole('group');
    await user.click(within(first as HTMLElement).getByRole('checkbox', { name: /On call/ }));
    await user.click(within(form).getByRole('button', { name: 'Add a step' }));
    const second = within(form).getByRole('group', { name: 'Step 2' });
    await user.click(within(second).getByRole('checkbox', { name: /Team lead/ }));
    const wait = within(form).getByRole('spinbutton', { name: 'Minutes to wait after step 1' });
    await user.clear(wait);
    await user.type(wait, '5');
    await user.click(within(form).getByRole('checkbox', { name: /Repeat the last step/ }));
    expect(within(form).getByRole('checkbox', { name: /workspace's default/ })).toBeChecked();
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Create policy' })).toBeEnabled());
    await user.click(within(form).getByRole('button', { name: 'Create policy' }));

    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toEqual({
      name: 'Office hours',
      steps: [
        { channelIds: ['c-1'], waitMinutes: 5 },
        { channelIds: ['c-2'], waitMinutes: 10 },
      ],
      repeatEveryMinutes: 15,
      isDefault: true,
    });
  });

  it('names the step that has no channel and sends nothing', async () => {
    const { requests } = serve();
    renderApp('/dashboard/settings/escalation');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New policy' }));
    const form = await screen.findByRole('form', { name: 'New escalation policy' });
    await user.type(within(form).getByLabelText('Name'), 'Nights');
    await user.click(within(form).getByRole('checkbox', { name: /On call/ }));
    await user.click(within(form).getByRole('button', { name: 'Add a step' }));
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Create policy' })).toBeEnabled());
    await user.click(within(form).getByRole('button', { name: 'Create policy' }));
    expect(
      await within(form).findByText('Step 2: Choose at least one channel for each step.'),
    ).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
  });

  it('lists policies with their steps in words', async () => {
    serve([
      {
        id: 'p-1',
        name: 'Office hours',
        steps: [
          { channelIds: ['c-1'], waitMinutes: 10 },
          { channelIds: ['c-2'], waitMinutes: 10 },
        ],
        repeatEveryMinutes: 15,
        isDefault: true,
        monitorCount: 0,
        createdAt: 0,
        updatedAt: 0,
      },
    ]);
    renderApp('/dashboard/settings/escalation');
    const list = await screen.findByRole('list', { name: 'Escalation policies' });
    expect(list).toHaveTextContent('Office hoursDefault');
    expect(list).toHaveTextContent('1. On call → 10 min → 2. Team lead, repeated every 15 min');
  });
});
