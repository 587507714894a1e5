import type { QueryClient } from '@tanstack/react-query';

export const LEAVE_WARNING = 'Are you sure you want to leave? Your changes may not be saved.';

/**
 * Warns before the page unloads while any write is in flight.
 * Returns the function that removes the listener.
 */
export function installLeaveGuard(queryClient: QueryClient, target: Window = window): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (queryClient.isMutating() === 0) return;
    event.preventDefault();
    // Older browsers only show the prompt when returnValue is set.
    event.returnValue = LEAVE_WARNING;
    return LEAVE_WARNING;
  };
  target.addEventListener('beforeunload', onBeforeUnload);
  return () => target.removeEventListener('beforeunload', onBeforeUnload);
}
