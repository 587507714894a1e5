import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HttpAssertion } from '../../../../../core/api/monitor-kinds/http-assertions';
import { json, stubServer, TEST_USER } from '../../../../test/fake-server';
import { makeMonitor } from '../../../../test/monitors';
import { renderApp } from '../../../../test/render-app';
import { assertionRowsOf, assertionsPayload } from './assertions-editor';

type User = ReturnType<typeof userEvent.setup>;

async function addAssertion(
  user: User,
  n: number,
  source: string,
  target: string,
  operator: string,
  value = '',
) {
  await user.click(screen.getByRole('button', { name: 'Add assertion' }));
  await user.selectOptions(screen.getByLabelText(`Assertion ${n} source`), source);
  const targetLabel = source === 'Header' ? 'header' : 'path';
  await user.click(screen.getByLabelText(`Assertion ${n} ${targetLabel}`));
  await user.paste(target);
  await user.selectOptions(screen.getByLabelText(`Assertion ${n} operator`), operator);
  if (value) {
    await user.click(screen.getByLabelText(`Assertion ${n} value`));
    await user.paste(value);
  }
}

async function openNewForm(user: User) {
  renderApp('/dashboard/monitors/new');
  await user.type(await screen.findByLabelText('Name'), 'Health API');
  await user.type(screen.getByLabelText('URL'), 'https://acme.dev/health');
  await user.click(screen.getByRole('button', { name: /Advanced/ }));
}

describe('assertion values in the form', () => {
  it('reads typed values from what was typed and writes them back the same way', () => {
    const assertions: HttpAssertion[] = [
      { source: 'json', path: '$.status', operator: '==', value: 'ok' },
      { source: 'json', path: '$.code', operator: '==', value: '200' },
      { source: 'json', path: '$.code', operator: '!=', value: 200 },
      { source: 'json', path: '$.flag', operator: '==', value: true },
      { source: 'json', path: '$.error', operator: '==', value: null },
      { source: 'json', path: '$.empty', operator: '==', value: '' },
      { source: 'json', path: '$.id', operator: 'exists' },
      { source: 'header', name: 'age', operator: '<', value: 60 },
      { source: 'header', name: 'x-cache', operator: '==', value: 'true' },
    ];
    const rows = assertionRowsOf(assertions);
    expect(rows.map((row) => row.value)).toEqual([
      'ok',
      '"200"',
      '200',
      'true',
      'null',
      '""',
      '',
      '60',
      'true',
    ]);
    expect(assertionsPayload(rows)).toEqual(assertions);
  });
});

describe('the assertions editor in the monitor form', () => {
  it('sends JSON and header assertions with typed values', async () => {
    const created = makeMonitor({ id: 'm-9' });
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'POST /api/v1/monitors': () => json(created, 201),
        'GET /api/v1/monitors/m-9': () => json(created),
      },
    });
    const user = userEvent.setup();
    await openNewForm(user);
    await addAssertion(user, 1, 'JSON body', '$.status', '==', 'ok');
    await addAssertion(user, 2, 'JSON body', 'data.items.length', '>', '0');
    await addAssertion(user, 3, 'Header', 'x-cache', 'contains', 'HIT');
    await addAssertion(user, 4, 'JSON body', '$.id', 'exists');
    expect(screen.getByLabelText('Assertion 4 value')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove assertion 2' }));
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));

    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST' && r.path === '/api/v1/monitors')?.body).toMatchObject({
        assertions: [
          { source: 'json', path: '$.status', operator: '==', value: 'ok' },
          { source: 'header', name: 'x-cache', operator: 'contains', value: 'HIT' },
          { source: 'json', path: '$.id', operator: 'exists' },
        ],
      }),
    );
  }, 20_000);

  it("shows the schema's message for a bad path on its row, without asking the server", async () => {
    const { requests } = stubServer({ user: TEST_USER });
    const user = userEvent.setup();
    await openNewForm(user);
    await addAssertion(user, 1, 'JSON body', '$.status', 'exists');
    await addAssertion(user, 2, 'JSON body', '$..name', '==', 'x');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));

    expect(
      await screen.findByText('Assertion 2 (path): Expected a name after "." at position 2.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Assertion 2 path')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Assertion 1 path')).not.toHaveAttribute('aria-invalid');
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/monitors')).toBe(false);
  }, 20_000);

  it("puts the server's validation message on the assertion it names, opening Advanced", async () => {
    const monitor = makeMonitor({
      id: 'm-1',
      assertions: [{ source: 'header', name: 'age', operator: '<', value: 60 }],
    });
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/monitors/m-1': () => json(monitor),
        'PATCH /api/v1/monitors/m-1': () =>
          json({ error: { code: 'validation_failed', message: 'assertions.0.value: Too old.' } }, 422),
      },
    });
    renderApp('/dashboard/monitors/m-1/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Advanced/ }));
    expect(screen.getByLabelText('Assertion 1 header')).toHaveValue('age');
    expect(screen.getByLabelText('Assertion 1 value')).toHaveValue('60');
    await user.click(screen.getByRole('button', { name: /Save/ }));

    expect(await screen.findByText('Assertion 1 (value): Too old.')).toBeInTheDocument();
    expect(screen.getByLabelText('Assertion 1 value')).toHaveAttribute('aria-invalid', 'true');
  });
});
