import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, FormError, Input, Label, NativeSelect } from '../../components/ui/input';
import { authClient, type SessionUser } from '../../lib/auth-client';
import { sessionQueryKey } from '../../lib/session';
import { browserTimeZone, timeZoneOptions } from '../../lib/time-zones';

export function ProfileCard({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(user.name);
  const [timezone, setTimezone] = useState(user.timezone || browserTimeZone());
  const zones = timeZoneOptions(timezone);

  const save = useMutation({
    mutationFn: async () => {
      const { error } = await authClient.updateUser({ name: name.trim(), timezone });
      if (error) throw new Error(error.message || 'Could not save your profile.');
    },
    onSuccess: async () => {
      toast.success('Profile saved');
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Times in alerts, digests and charts use your time zone.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <Field>
            <Label htmlFor="profile-name">Name</Label>
            <Input
              id="profile-name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
            />
          </Field>
          <Field>
            <Label htmlFor="profile-email">Email</Label>
            <Input id="profile-email" value={user.email} disabled readOnly />
          </Field>
          <Field>
            <Label htmlFor="profile-timezone">Time zone</Label>
            <NativeSelect
              id="profile-timezone"
              value={timezone}
              onChange={(event) => setTimezone(event.target.value)}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <FormError>{save.error?.message}</FormError>
          <div>
            <Button type="submit" disabled={save.isPending || name.trim() === ''}>
              {save.isPending ? 'Saving…' : 'Save profile'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
