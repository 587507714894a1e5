import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  type ApiKeyExpiryChoice,
  type ApiKeyRole,
  apiKeyInputSchema,
  type CreatedApiKey,
  expiryFor,
} from '../../../../core/api/api-keys';
import { WriteFieldset } from '../../../components/role-lock';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, FormError, Input, Label, NativeSelect } from '../../../components/ui/input';
import { apiSend } from '../../../lib/api';
import { apiKeyKeys } from './api-key-queries';
import { KeyCreatedDialog } from './key-created-dialog';

const EXPIRY_LABELS: Record<ApiKeyExpiryChoice, string> = {
  never: 'Never',
  '30': 'In 30 days',
  '90': 'In 90 days',
  '365': 'In 365 days',
  date: 'On a date…',
};

export function CreateKeyCard() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<ApiKeyExpiryChoice>('never');
  const [role, setRole] = useState<ApiKeyRole>('member');
  const [date, setDate] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const create = useMutation({
    mutationFn: (input: unknown) => apiSend<CreatedApiKey>('POST', '/api/v1/api-keys', input),
    onSuccess: async (key) => {
      setCreated(key);
      setName('');
      setExpiry('never');
      setRole('member');
      setDate('');
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.list });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const expiresAt = expiryFor(expiry, Date.now(), date);
    if (Number.isNaN(expiresAt)) return setInvalid('Choose an expiry date.');
    const parsed = apiKeyInputSchema.safeParse({ name, expiresAt, role });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Check the form.');
    setInvalid(null);
    create.mutate(parsed.data);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create an API key</CardTitle>
        <CardDescription>
          For scripts and CI: the key works in this workspace on every /api/v1 route, up to 120 requests a
          minute. A read-only key can look but not change anything.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <WriteFieldset>
          <form onSubmit={onSubmit} className="flex flex-col gap-4 sm:flex-row sm:items-end" noValidate>
            <Field className="flex-1">
              <Label htmlFor="api-key-name">Name</Label>
              <Input
                id="api-key-name"
                value={name}
                placeholder="GitHub Actions"
                onChange={(event) => setName(event.target.value)}
              />
            </Field>
            <Field>
              <Label htmlFor="api-key-expiry">Expires</Label>
              <NativeSelect
                id="api-key-expiry"
                value={expiry}
                onChange={(event) => setExpiry(event.target.value as ApiKeyExpiryChoice)}
              >
                {Object.entries(EXPIRY_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field>
              <Label htmlFor="api-key-role">Access</Label>
              <NativeSelect
                id="api-key-role"
                value={role}
                onChange={(event) => setRole(event.target.value as ApiKeyRole)}
              >
                <option value="member">Read and write</option>
                <option value="viewer">Read only</option>
              </NativeSelect>
            </Field>
            {expiry === 'date' ? (
              <Field>
                <Label htmlFor="api-key-date">Expiry date</Label>
                <Input
                  id="api-key-date"
                  type="date"
                  value={date}
                  onChange={(event) => setDate(event.target.value)}
                />
              </Field>
            ) : null}
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create key'}
            </Button>
          </form>
        </WriteFieldset>
        <div className="mt-3">
          <FormError>{invalid ?? create.error?.message}</FormError>
        </div>
      </CardContent>
      <KeyCreatedDialog created={created} onClose={() => setCreated(null)} />
    </Card>
  );
}
