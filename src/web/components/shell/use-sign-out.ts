import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { authClient, authErrorMessage } from '../../lib/auth-client';
import { sessionQueryKey } from '../../lib/session';

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const { error } = await authClient.signOut();
    if (error) {
      toast.error(authErrorMessage(error, 'Could not sign out. Please try again.'));
      return;
    }
    // Nothing of the previous user may linger in the cache.
    queryClient.clear();
    queryClient.setQueryData(sessionQueryKey, null);
    await navigate({ to: '/' });
  };
}
