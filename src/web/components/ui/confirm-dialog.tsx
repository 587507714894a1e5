import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from './dialog';
import { FormError } from './input';

interface ConfirmDialogProps {
  /** Controlled open state; leave both out to let the trigger open it on its own. */
  open?: boolean;
  onOpenChange?(open: boolean): void;
  /** The button that opens it, if the dialog is not opened from elsewhere. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** What the action needs besides a yes: a list of what is lost, a choice, a typed name. */
  children?: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  pendingLabel?: string;
  /** `null` leaves the cancel button out: Escape and the close button still cancel. */
  cancelLabel?: string | null;
  tone: 'destructive' | 'default';
  /** The action is running: confirming again is refused until it settles. */
  pending?: boolean;
  /** Confirming is not possible yet, e.g. until the name typed in the children matches. */
  disabled?: boolean;
  error?: string | null;
  /**
   * Enter in a field of the children confirms (the body is a form). Off by default: Chrome
   * submits a form on Enter in any field, a radio button included.
   */
  enterConfirms?: boolean;
  onConfirm(): void;
}

/** "Do you really want to…?": the action, said once, with a way out; Escape and focus as `Dialog`. */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  tone,
  pending = false,
  disabled = false,
  error,
  enterConfirms = false,
  onConfirm,
}: ConfirmDialogProps) {
  const confirm = (
    <Button
      type={enterConfirms ? 'submit' : 'button'}
      variant={tone === 'destructive' ? 'danger' : 'primary'}
      disabled={pending || disabled}
      onClick={enterConfirms ? undefined : onConfirm}
    >
      {pending && pendingLabel ? pendingLabel : confirmLabel}
    </Button>
  );
  const body = (
    <>
      {children}
      <FormError>{error}</FormError>
      <div className="flex justify-end gap-2">
        {cancelLabel === null ? null : (
          <DialogClose asChild>
            <Button variant="secondary">{cancelLabel}</Button>
          </DialogClose>
        )}
        {confirm}
      </div>
    </>
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A disabled confirm button is the rule however the form is submitted, not left to the browser.
    if (!pending && !disabled) onConfirm();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent title={title} description={description}>
        {enterConfirms ? (
          <form onSubmit={onSubmit} className="flex flex-col gap-4">
            {body}
          </form>
        ) : (
          <div className="flex flex-col gap-4">{body}</div>
        )}
      </DialogContent>
    </Dialog>
  );
}
