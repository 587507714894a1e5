import { act, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { stubServer } from './test/fake-server';
import { renderApp } from './test/render-app';

function unload() {
  const event = new Event('beforeunload', { cancelable: true }) as Event & { returnValue: unknown };
  window.dispatchEvent(event);
  return event;
}

describe('App', () => {
  it('warns before leaving the page while a write is pending, and not when idle', async () => {
    stubServer();
    const { queryClient, unmount } = renderApp('/pricing');
    await screen.findByRole('heading', { name: 'Simple, honest pricing' });

    expect(unload().defaultPrevented).toBe(false);
    queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => new Promise<void>(() => {}) })
      .execute(undefined);

    const event = unload();
    expect(event.defaultPrevented).toBe(true);
    expect(event.returnValue).toBe('Are you sure you want to leave? Your changes may not be saved.');
    unmount();
  });

  it('shows at most three toasts at once', async () => {
    stubServer();
    renderApp('/pricing');
    await screen.findByRole('heading', { name: 'Simple, honest pricing' });

    act(() => {
      for (const n of [1, 2, 3, 4, 5]) toast(`Toast ${n}`);
    });

    await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(5));
    expect(document.querySelectorAll('[data-sonner-toast][data-visible="true"]')).toHaveLength(3);
  });
});
