import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, FormError, Input, Label } from '../../components/ui/input';
import { apiSend } from '../../lib/api';
import { sessionQueryKey } from '../../lib/session';

interface Enrolment {
  totpURI: string;
  backupCodes: string[];
  qr: string;
}

function PasswordForm({
  label,
  onSubmit,
  pending,
  error,
}: {
  label: string;
  onSubmit: (password: string) => void;
  pending: boolean;
  error: string | null;
}) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(password);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <Field>
        <Label htmlFor="two-factor-password">Your password</Label>
        <Input
          id="two-factor-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
      </Field>
      <FormError>{error}</FormError>
      <div>
        <Button type="submit" disabled={pending || !password}>
          {label}
        </Button>
      </div>
    </form>
  );
}

/** Scan, save the backup codes, confirm with a first code: only then is two-factor on. */
function Confirm({ enrolment, onDone }: { enrolment: Enrolment; onDone: () => void }) {
  const [code, setCode] = useState('');
  const confirm = useMutation({
    mutationFn: () => apiSend('POST', '/api/auth/two-factor/verify-totp', { code }),
    onSuccess: onDone,
  });
  const secret = new URL(enrolment.totpURI).searchParams.get('secret') ?? '';
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        Scan this code with an authenticator app (1Password, Google Authenticator, Authy…).
      </p>
      <img
        src={enrolment.qr}
        alt="QR code for your authenticator app"
        width={176}
        height={176}
        className="rounded-ui bg-white p-2"
      />
      <p className="text-sm text-muted">
        Or enter this key: <code className="font-mono break-all">{secret}</code>
      </p>
      <div>
        <p className="text-sm font-medium">Backup codes</p>
        <p className="text-sm text-muted">
          Each works once if you lose your phone. Keep them somewhere safe.
        </p>
        <ul aria-label="Backup codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
          {enrolment.backupCodes.map((backup) => (
            <li key={backup}>{backup}</li>
          ))}
        </ul>
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          confirm.mutate();
        }}
        className="flex flex-col gap-4"
      >
        <Field>
          <Label htmlFor="two-factor-confirm">Code from the app</Label>
          <Input
            id="two-factor-confirm"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value.trim())}
            required
          />
        </Field>
        <FormError>{confirm.error?.message ?? null}</FormError>
        <div>
          <Button type="submit" disabled={confirm.isPending || code.length < 6}>
            Turn on two-factor
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Settings → User Settings: a second factor at sign-in (TOTP with backup codes). */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  const enable = useMutation({
    mutationFn: async (password: string) => {
      const started = await apiSend<{ totpURI: string; backupCodes: string[] }>(
        'POST',
        '/api/auth/two-factor/enable',
        {
          password,
        },
      );
      // The QR encoder loads only for the few who set two-factor up.
      const { renderSVG } = await import('uqr');
      const qr = `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(started.totpURI))}`;
      return { ...started, qr };
    },
    onSuccess: setEnrolment,
  });
  const disable = useMutation({
    mutationFn: (password: string) => apiSend('POST', '/api/auth/two-factor/disable', { password }),
    onSuccess: async () => {
      await refresh();
      toast.success('Two-factor sign-in is off.');
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor sign-in</CardTitle>
        <CardDescription>
          {enabled
            ? 'On: signing in asks for a code from your authenticator app after your password.'
            : 'Off: ask for a code from an authenticator app after your password.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {enabled ? (
          <PasswordForm
            label="Turn off two-factor"
            onSubmit={(password) => disable.mutate(password)}
            pending={disable.isPending}
            error={disable.error?.message ?? null}
          />
        ) : enrolment ? (
          <Confirm
            enrolment={enrolment}
            onDone={() => {
              setEnrolment(null);
              void refresh();
              toast.success('Two-factor sign-in is on.');
            }}
          />
        ) : (
          <PasswordForm
            label="Set up two-factor"
            onSubmit={(password) => enable.mutate(password)}
            pending={enable.isPending}
            error={enable.error?.message ?? null}
          />
        )}
      </CardContent>
    </Card>
  );
}
