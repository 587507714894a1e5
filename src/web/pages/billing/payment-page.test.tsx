import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCheckout } from '../../test/billing';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const DECLINED = 'Your card was declined. Nothing was charged and your plan is unchanged.';

async function fillCard(cardNumber: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Card number'), cardNumber);
  await user.type(screen.getByLabelText('Expiry'), '1230');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('Name on card'), 'Ada Lovelace');
  return user;
}

describe('sandbox checkout page', () => {
  it('shows the order summary, the test-mode note and the test cards', async () => {
    stubServer({
      user: TEST_USER,
      routes: { 'GET /api/billing/sandbox/checkouts/co_1': () => json(makeCheckout()) },
    });
    renderApp('/billing/checkout/co_1');

    expect(await screen.findByText('Starter')).toBeInTheDocument();
    expect(screen.getByText('Starter plan')).toBeInTheDocument();
    expect(screen.getByText('Total due today')).toBeInTheDocument();
    expect(screen.getAllByText('$19.00')).toHaveLength(2);
    expect(screen.getByText('Then $19.00 on Apr 3, 2025.')).toBeInTheDocument();
    expect(screen.getByText("Test mode: this is Upwatch's sandbox payment page.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use test card 4242 4242 4242 4242' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use test card 4000 0000 0000 0002' })).toBeInTheDocument();
  });

  it("shows the server's decline message in an alert and keeps the typed card", async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/billing/sandbox/checkouts/co_1': () => json(makeCheckout()),
        'POST /api/billing/sandbox/checkouts/co_1/pay': () =>
          json({ code: 'card_declined', message: DECLINED }, 402),
      },
    });
    const { router } = renderApp('/billing/checkout/co_1');
    const user = await fillCard('4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(DECLINED);
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(screen.getByLabelText('Name on card')).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/billing/checkout/co_1');
  });

  it('sends the card, shows the busy state, then goes to the redirect URL', async () => {
    let answer: (response: Response) => void = () => {};
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/billing/sandbox/checkouts/co_1': () => json(makeCheckout()),
        'POST /api/billing/sandbox/checkouts/co_1/pay': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    const { router } = renderApp('/billing/checkout/co_1');
    const user = await fillCard('4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('button', { name: 'Paying…' })).toBeDisabled();
    expect(requests.find((request) => request.path.endsWith('/pay'))?.body).toEqual({
      card_number: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
      name: 'Ada Lovelace',
    });

    answer(json({ redirect_url: 'http://localhost:3000/dashboard/settings/billing?paid=1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/settings/billing'));
    expect(router.state.location.searchStr).toBe('?paid=1');
  });

  it('fills the card number from a test card button', async () => {
    stubServer({
      user: TEST_USER,
      routes: { 'GET /api/billing/sandbox/checkouts/co_1': () => json(makeCheckout()) },
    });
    renderApp('/billing/checkout/co_1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use test card 4242 4242 4242 4242' }));
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
  });

  it('says a completed checkout is already paid instead of showing the form', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/billing/sandbox/checkouts/co_1': () => json(makeCheckout({ completed: true })),
      },
    });
    renderApp('/billing/checkout/co_1');

    expect(await screen.findByRole('heading', { name: 'Already paid' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('says an expired checkout has expired and links back to pricing', async () => {
    stubServer({
      user: TEST_USER,
      routes: { 'GET /api/billing/sandbox/checkouts/co_1': () => json(makeCheckout({ expired: true })) },
    });
    renderApp('/billing/checkout/co_1');

    expect(await screen.findByRole('heading', { name: 'This checkout has expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('switches to the expired message when the session expires while the form is open', async () => {
    let expired = false;
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/billing/sandbox/checkouts/co_1': () => json(makeCheckout({ expired })),
        'POST /api/billing/sandbox/checkouts/co_1/pay': () => {
          expired = true;
          return json({ code: 'checkout_expired', message: 'This checkout has expired.' }, 400);
        },
      },
    });
    renderApp('/billing/checkout/co_1');
    const user = await fillCard('4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('heading', { name: 'This checkout has expired' })).toBeInTheDocument();
  });

  it("shows Checkout not found for another user's session", async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/billing/sandbox/checkouts/co_x': () =>
          json({ code: 'checkout_not_found', message: 'Checkout not found.' }, 404),
      },
    });
    renderApp('/billing/checkout/co_x');
    expect(await screen.findByRole('heading', { name: 'Checkout not found' })).toBeInTheDocument();
  });

  it('asks signed-out visitors to sign in without loading the checkout', async () => {
    const { requests } = stubServer();
    renderApp('/billing/checkout/co_1');

    expect(await screen.findByText('Sign in to access the dashboard')).toBeInTheDocument();
    expect(requests.some((request) => request.path.startsWith('/api/billing'))).toBe(false);
  });
});

describe('sandbox card set-up page', () => {
  const setup = makeCheckout({
    id: 'co_2',
    kind: 'setup',
    product: null,
    lines: [],
    total: 0,
    next_cycle: undefined,
    success_url: '/billing/portal',
  });

  it('saves the card and returns to the portal', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/billing/sandbox/checkouts/co_2': () => json(setup),
        'POST /api/billing/sandbox/checkouts/co_2/pay': () => json({ redirect_url: '/billing/portal' }),
      },
    });
    const { router } = renderApp('/billing/setup/co_2');

    expect(await screen.findByRole('heading', { name: 'Add a payment method' })).toBeInTheDocument();
    expect(screen.queryByText('Total due today')).not.toBeInTheDocument();
    const user = await fillCard('4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Save card' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/billing/portal'));
    expect(requests.some((request) => request.path === '/api/billing/sandbox/checkouts/co_2/pay')).toBe(true);
  });

  it('shows an invalid card message and keeps the form', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/billing/sandbox/checkouts/co_2': () => json(setup),
        'POST /api/billing/sandbox/checkouts/co_2/pay': () =>
          json({ code: 'invalid_card', message: 'Use the test card 4242 4242 4242 4242.' }, 400),
      },
    });
    renderApp('/billing/setup/co_2');
    const user = await fillCard('1111 2222 3333 4444');
    await user.click(screen.getByRole('button', { name: 'Save card' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Use the test card 4242 4242 4242 4242.');
    expect(screen.getByLabelText('Card number')).toHaveValue('1111 2222 3333 4444');
  });
});
