import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field, FormError, Input, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { apiSend, RequestError } from '../../lib/api';
import { field, useAuthForm } from './use-auth-form';

/** The sign-in's second step: a code from the authenticator app, or one of the backup codes. */
export function TwoFactorStep() {
  const [backup, setBackup] = useState(false);
  const { error, pending, onSubmit } = useAuthForm(async (form) => {
    try {
      const path = backup ? 'verify-backup-code' : 'verify-totp';
      await apiSend('POST', `/api/auth/two-factor/${path}`, { code: field(form, 'code').trim() });
      return { error: null };
    } catch (caught) {
      if (caught instanceof RequestError) return { error: { message: caught.message } };
      throw caught;
    }
  }, 'That code did not work. Try the newest one from your app.');

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field>
        <Label htmlFor="code">{backup ? 'Backup code' : 'Code from your authenticator app'}</Label>
        <Input
          id="code"
          name="code"
          autoComplete="one-time-code"
          inputMode={backup ? 'text' : 'numeric'}
          autoFocus
          required
        />
      </Field>
      <FormError>{error}</FormError>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? <Spinner className="size-4 text-accent-fg" label="Checking the code" /> : null}
        Verify
      </Button>
      <button
        type="button"
        className="text-sm font-medium text-accent hover:underline"
        onClick={() => setBackup((value) => !value)}
      >
        {backup ? 'Use the authenticator app instead' : 'Use a backup code instead'}
      </button>
    </form>
  );
}
