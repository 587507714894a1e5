import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

function openDelete(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  render(
    <ConfirmDialog
      trigger={<Button>Delete</Button>}
      title="Delete Shop?"
      description="This cannot be undone."
      confirmLabel="Delete site"
      pendingLabel="Deleting…"
      tone="destructive"
      onConfirm={onConfirm}
      {...props}
    />,
  );
  return { onConfirm, user: userEvent.setup() };
}

describe('ConfirmDialog', () => {
  it('opens from its trigger with focus inside, and confirming runs the action once', async () => {
    const { onConfirm, user } = openDelete();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Shop?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Delete site' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('closes on cancel, on Escape and on the close button without running the action', async () => {
    const { onConfirm, user } = openDelete();
    const trigger = screen.getByRole('button', { name: 'Delete' });
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('disables the confirm button and names the running action while pending', async () => {
    const { onConfirm, user } = openDelete({ open: true, trigger: undefined, pending: true });
    const confirm = screen.getByRole('button', { name: 'Deleting…' });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('keeps the confirm label while pending when there is no pending label', () => {
    openDelete({ open: true, trigger: undefined, pending: true, pendingLabel: undefined });
    expect(screen.getByRole('button', { name: 'Delete site' })).toBeDisabled();
  });

  it('shows the error inside the dialog, and nothing while there is none', () => {
    const { rerender } = render(
      <ConfirmDialog
        open
        title="Delete Shop?"
        confirmLabel="Delete site"
        tone="destructive"
        onConfirm={vi.fn()}
      />,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(
      <ConfirmDialog
        open
        title="Delete Shop?"
        confirmLabel="Delete site"
        tone="destructive"
        error="The site is busy."
        onConfirm={vi.fn()}
      />,
    );
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('The site is busy.');
  });

  it('paints the confirm button as danger only when destructive', () => {
    const { rerender } = render(
      <ConfirmDialog open title="Rotate?" confirmLabel="Rotate secret" tone="default" onConfirm={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Rotate secret' })).not.toHaveClass('bg-red-700');
    rerender(
      <ConfirmDialog
        open
        title="Remove?"
        confirmLabel="Remove webhook"
        tone="destructive"
        onConfirm={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Remove webhook' })).toHaveClass('bg-red-700');
  });

  it('names its cancel button as asked, or leaves it out', () => {
    const { rerender } = render(
      <ConfirmDialog
        open
        title="Cancel Pro?"
        confirmLabel="Cancel plan"
        cancelLabel="Keep plan"
        tone="destructive"
        onConfirm={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Keep plan' })).toBeInTheDocument();
    rerender(
      <ConfirmDialog
        open
        title="Cancel Pro?"
        confirmLabel="Cancel plan"
        cancelLabel={null}
        tone="destructive"
        onConfirm={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Keep plan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('confirms on Enter in a field when asked, only once the field allows it', async () => {
    const onConfirm = vi.fn();
    function TypedName() {
      const [typed, setTyped] = useState('');
      return (
        <ConfirmDialog
          open
          title="Delete Shop?"
          confirmLabel="Delete monitor"
          tone="destructive"
          disabled={typed !== 'Shop'}
          enterConfirms
          onConfirm={onConfirm}
        >
          <input aria-label="Monitor name" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </ConfirmDialog>
      );
    }
    render(<TypedName />);
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Monitor name' });
    await user.type(field, 'Sho{Enter}');
    expect(screen.getByRole('button', { name: 'Delete monitor' })).toBeDisabled();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(field, 'p{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('refuses a form submission while pending or disabled, however it was sent', () => {
    const onConfirm = vi.fn();
    const dialog = (props: { pending?: boolean; disabled?: boolean }) => (
      <ConfirmDialog
        open
        title="Delete Shop?"
        confirmLabel="Delete"
        tone="destructive"
        enterConfirms
        onConfirm={onConfirm}
        {...props}
      >
        <input aria-label="Monitor name" />
      </ConfirmDialog>
    );
    const { rerender } = render(dialog({ pending: true }));
    const form = screen.getByRole('textbox', { name: 'Monitor name' }).closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    rerender(dialog({ disabled: true }));
    fireEvent.submit(form);
    expect(onConfirm).not.toHaveBeenCalled();
    rerender(dialog({}));
    fireEvent.submit(form);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('does not confirm on Enter in a field by default', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Remove Ada?"
        confirmLabel="Remove member"
        tone="destructive"
        onConfirm={onConfirm}
      >
        <input aria-label="Note" />
      </ConfirmDialog>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'x{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
