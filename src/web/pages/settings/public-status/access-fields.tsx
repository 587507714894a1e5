import { PAGE_PASSWORD_MIN, type StatusPageAccess } from '../../../../core/api/status-page-extras';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { describedBy, FormField } from '../../monitors/form/form-field';
import type { SetField } from './appearance-fields';
import type { FieldErrors, StatusPageFormState } from './form-values';

const CHOICES: { value: StatusPageAccess; label: string; hint: string }[] = [
  {
    value: 'public',
    label: 'Public',
    hint: 'Anyone with the link sees the page, its feed, badges and widget.',
  },
  {
    value: 'password',
    label: 'Password',
    hint: 'Visitors enter a password once; the page has no feed, badges, widget or embed.',
  },
  {
    value: 'members',
    label: 'Members of this workspace',
    hint: 'Only people signed in to Upwatch who belong to this workspace see the page.',
  },
];

/** Who may see the published page: anyone, visitors with its password, or the workspace's members. */
export function AccessFields({
  state,
  errors,
  set,
}: {
  state: StatusPageFormState;
  errors: FieldErrors;
  set: SetField;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Who can see it</CardTitle>
        <CardDescription>
          A private page is never cached by browsers or proxies for anyone else.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">Access</legend>
          {CHOICES.map((choice) => (
            <label key={choice.value} className="flex gap-3">
              <input
                type="radio"
                name="status-page-access"
                value={choice.value}
                checked={state.access === choice.value}
                onChange={() => set('access', choice.value, 'password')}
                className="mt-0.5 size-4 shrink-0 accent-accent"
              />
              <span>
                <span className="block text-sm font-medium">{choice.label}</span>
                <span className="block text-xs text-muted">{choice.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {state.access === 'password' ? (
          <FormField
            id="status-page-password"
            label={state.hasPassword ? 'New password' : 'Page password'}
            error={errors.password}
            hint={
              state.hasPassword
                ? 'Leave empty to keep the current password. A new one signs every visitor out.'
                : `At least ${PAGE_PASSWORD_MIN} characters. Stored hashed; Upwatch cannot show it again.`
            }
          >
            <Input
              {...describedBy('status-page-password', errors.password, true)}
              type="password"
              autoComplete="new-password"
              value={state.password}
              onChange={(event) => set('password', event.target.value, 'password')}
              maxLength={128}
            />
          </FormField>
        ) : null}
      </CardContent>
    </Card>
  );
}
