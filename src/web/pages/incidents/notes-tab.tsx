import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { type IncidentNote, noteInputSchema } from '../../../core/api/incidents';
import { FeatureGate } from '../../components/feature-gate';
import { WriteButton, WriteFieldset } from '../../components/role-lock';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { FormError } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { apiSend } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { incidentKeys, incidentNotesQueryOptions, incidentPath } from '../../lib/incidents';
import { useSession } from '../../lib/session';
import { useTimeZone } from '../../lib/use-time-zone';
import { TEXTAREA } from './management';
import { useRouteIncident } from './use-route-incident';

/** Who a note is by once its author deleted their account. */
const FORMER_MEMBER = 'A former member';

/** Add (no id) or edit (an id) a note; the answer refreshes the notes and the timeline. */
function useNoteWrite(incidentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, text }: { noteId?: string; text: string }) =>
      noteId
        ? apiSend<IncidentNote>('PATCH', incidentPath(incidentId, `notes/${encodeURIComponent(noteId)}`), {
            text,
          })
        : apiSend<IncidentNote>('POST', incidentPath(incidentId, 'notes'), { text }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: incidentKeys.notes(incidentId) });
      void queryClient.invalidateQueries({ queryKey: incidentKeys.timeline(incidentId) });
    },
  });
}

function NoteEditor({
  incidentId,
  note,
  onDone,
}: {
  incidentId: string;
  note?: IncidentNote;
  onDone?: () => void;
}) {
  const [text, setText] = useState(note?.text ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const write = useNoteWrite(incidentId);
  const label = note ? 'Edit note' : 'New note';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = noteInputSchema.safeParse({ text });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Check the note.');
    setInvalid(null);
    write.mutate(
      { noteId: note?.id, text: parsed.data.text },
      {
        onSuccess: () => {
          toast.success(note ? 'Note saved.' : 'Note added.');
          setText('');
          onDone?.();
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2" noValidate>
      <textarea
        aria-label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={TEXTAREA}
        placeholder={note ? undefined : 'Internal: what you tried, who you called, what you saw.'}
      />
      <FormError>{invalid ?? write.error?.message}</FormError>
      <div className="flex justify-end gap-2">
        {onDone ? (
          <Button variant="ghost" size="sm" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={write.isPending}>
          {note ? 'Save note' : 'Add note'}
        </Button>
      </div>
    </form>
  );
}

function NoteItem({ incidentId, note, mine }: { incidentId: string; note: IncidentNote; mine: boolean }) {
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const [editing, setEditing] = useState(false);
  const remove = useMutation({
    mutationFn: () => apiSend('DELETE', incidentPath(incidentId, `notes/${encodeURIComponent(note.id)}`)),
    onSuccess: () => {
      toast.success('Note deleted.');
      void queryClient.invalidateQueries({ queryKey: incidentKeys.notes(incidentId) });
      void queryClient.invalidateQueries({ queryKey: incidentKeys.timeline(incidentId) });
    },
    onError: (error) => toast.error(error.message),
  });
  const edited = note.updatedAt > note.createdAt;
  return (
    <li aria-label={`Note by ${note.author?.name ?? FORMER_MEMBER}`} className="px-5 py-4 sm:px-6">
      <p className="text-xs text-muted">
        <span className="font-medium text-fg">{note.author?.name ?? FORMER_MEMBER}</span> ·{' '}
        {formatDateTime(note.createdAt, timeZone, false)}
        {edited ? ' · edited' : ''}
      </p>
      {editing ? (
        <div className="mt-2">
          <NoteEditor incidentId={incidentId} note={note} onDone={() => setEditing(false)} />
        </div>
      ) : (
        <p className="mt-1 text-sm break-words whitespace-pre-wrap">{note.text}</p>
      )}
      {mine && !editing ? (
        <div className="mt-2 flex gap-1">
          <WriteButton variant="ghost" size="sm" onClick={() => setEditing(true)}>
            Edit
          </WriteButton>
          <WriteButton variant="ghost" size="sm" disabled={remove.isPending} onClick={() => remove.mutate()}>
            Delete
          </WriteButton>
        </div>
      ) : null}
    </li>
  );
}

function Notes() {
  const incident = useRouteIncident();
  const { data: session } = useSession();
  const notes = useQuery(incidentNotesQueryOptions(incident.id));
  if (notes.isPending) return <PageSpinner />;
  if (notes.isError) return <FormError>{`We couldn't load the notes. ${notes.error.message}`}</FormError>;
  return (
    <div className="flex flex-col gap-6">
      <Card>
        {notes.data.notes.length === 0 ? (
          <p className="px-5 py-4 text-sm text-muted sm:px-6">
            No notes yet. Notes are internal: they never appear on status pages.
          </p>
        ) : (
          <ul aria-label="Notes" className="divide-y divide-border">
            {notes.data.notes.map((note) => (
              <NoteItem
                key={note.id}
                incidentId={incident.id}
                note={note}
                mine={note.author !== null && note.author.id === session?.user.id}
              />
            ))}
          </ul>
        )}
      </Card>
      <Card>
        <CardContent>
          <WriteFieldset>
            <NoteEditor incidentId={incident.id} />
          </WriteFieldset>
        </CardContent>
      </Card>
    </div>
  );
}

export function NotesTab() {
  return (
    <FeatureGate gate="monitorIncidents">
      <Notes />
    </FeatureGate>
  );
}
