import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './unexpected-error';

function Broken(): never {
  throw new Error('Cannot read properties of undefined');
}

function ThrowsEmpty(): never {
  throw new Error('');
}

describe('unexpected-error screen', () => {
  it('replaces a crashed app with the error, the path and three ways out, and logs the error', () => {
    window.history.pushState({}, '', '/dashboard/monitors');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});

    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText("An unexpected error occurred. We've been notified and are working to fix it."),
    ).toBeInTheDocument();
    expect(screen.getByText('Error Details:')).toBeInTheDocument();
    expect(screen.getByText('Cannot read properties of undefined')).toBeInTheDocument();
    expect(screen.getByText('/dashboard/monitors')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: '← Go Back' })).toBeInTheDocument();

    const logged = log.mock.calls.flat();
    expect(
      logged.some((arg) => arg instanceof Error && arg.message === 'Cannot read properties of undefined'),
    ).toBe(true);
  });

  it('leaves out the details box when the error has no message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary>
        <ThrowsEmpty />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText('Error Details:')).not.toBeInTheDocument();
  });

  it('renders its children when nothing fails', () => {
    render(
      <AppErrorBoundary>
        <p>all good</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('all good')).toBeInTheDocument();
  });
});
