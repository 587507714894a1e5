import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { StatusPage, StatusPageInput } from '../../../../core/api/status-pages';
import { FeatureGate } from '../../../components/feature-gate';
import { ManagedGate } from '../../../components/managed';
import { Spinner } from '../../../components/ui/spinner';
import { apiSend } from '../../../lib/api';
import { usePublicConfig } from '../../../lib/public-config';
import { statusPageKeys, statusPageListQueryOptions, statusPagePath } from '../../../lib/status-pages';
import { DeleteStatusPageCard } from './delete-status-page-card';
import { EmbedCard } from './embed-card';
import { emptyFormState, formStateFromPage } from './form-values';
import { StatusPageForm } from './status-page-form';
import { StatusPageList } from './status-page-list';
import { SubscribersCard } from './subscribers-card';

/** Which screen the tab shows: the list, the form for a new page, or the form for one page. */
type Editing = { mode: 'list' } | { mode: 'create' } | { mode: 'edit'; id: string };

function useSaveStatusPage(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: StatusPageInput }) =>
      apiSend<StatusPage>(id ? 'PATCH' : 'POST', statusPagePath(id), values),
    onSuccess: async (page, { id }) => {
      toast.success(id ? `${page.name} saved.` : `${page.name} created.`);
      onSaved();
      await queryClient.invalidateQueries({ queryKey: statusPageKeys.all });
    },
  });
}

function PublicStatusScreen() {
  const { data: pages, error } = useQuery(statusPageListQueryOptions);
  const { data: config } = usePublicConfig();
  const [editing, setEditing] = useState<Editing>({ mode: 'list' });
  const toList = () => setEditing({ mode: 'list' });
  const save = useSaveStatusPage(toList);
  if (error) throw error;
  if (!pages) return <Spinner />;

  const publicUrl = config?.publicUrl ?? window.location.origin;
  if (editing.mode === 'create') {
    return (
      <StatusPageForm
        title="New status page"
        initial={emptyFormState()}
        publicUrl={publicUrl}
        submitLabel="Create status page"
        pendingLabel="Creating…"
        onSubmit={(values) => save.mutateAsync({ values })}
        onCancel={toList}
      />
    );
  }
  const page = editing.mode === 'edit' ? pages.find((candidate) => candidate.id === editing.id) : undefined;
  if (page) {
    return (
      <div className="flex flex-col gap-6">
        <ManagedGate managedKey={page.managedKey} section="statusPages" noun="status page" onCancel={toList}>
          <StatusPageForm
            title={`Edit ${page.name}`}
            key={page.updatedAt}
            initial={formStateFromPage(page)}
            page={page}
            publicUrl={publicUrl}
            submitLabel="Save changes"
            pendingLabel="Saving…"
            onSubmit={(values) => save.mutateAsync({ id: page.id, values })}
            onCancel={toList}
          />
          <SubscribersCard page={page} />
          <EmbedCard page={page} />
          <DeleteStatusPageCard page={page} onDeleted={toList} />
        </ManagedGate>
      </div>
    );
  }
  return (
    <StatusPageList
      pages={pages}
      onCreate={() => setEditing({ mode: 'create' })}
      onEdit={(chosen) => setEditing({ mode: 'edit', id: chosen.id })}
    />
  );
}

export function PublicStatusTab() {
  return (
    <FeatureGate gate="publicStatus">
      <PublicStatusScreen />
    </FeatureGate>
  );
}
