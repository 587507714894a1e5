import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  countOf,
  IMPORT_SOURCE_LABELS,
  IMPORT_SOURCES,
  type ImportPreview,
  type ImportResult,
  type ImportSource,
  KUMA_DB_MAX_BYTES,
} from '../../../../core/api/imports';
import { refusalMessage } from '../../../../core/permissions';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, FormError, Input, Label, NativeSelect } from '../../../components/ui/input';
import { apiSend, RequestError } from '../../../lib/api';
import { useActiveWorkspace, useCan } from '../../../lib/workspaces';
import { ImportPreviewTables } from './import-preview';

const WHERE_FROM: Record<ImportSource, string> = {
  kuma: 'In Uptime Kuma 1.x: Settings → Backup → Export, then choose the JSON file it saved.',
  'kuma-db':
    'Uptime Kuma 2.x has no JSON backup: stop Uptime Kuma, then choose kuma.db from its data directory (often /app/data or ./data). Nothing in it is changed.',
  uptimerobot:
    'From the UptimeRobot API v2: the getMonitors answer (asked with alert_contacts=1), with getAlertContacts’ alert_contacts added beside its monitors, as one JSON file.',
};

/** What a chosen file is sent as: a JSON export's text, or a kuma.db's bytes. */
type Chosen = string | Blob;

const ACCEPT: Record<ImportSource, string> = {
  kuma: '.json,application/json',
  'kuma-db': '.db,.sqlite,.sqlite3,application/vnd.sqlite3,application/x-sqlite3',
  uptimerobot: '.json,application/json',
};

/** A JSON export goes as `{ file }`; a kuma.db as the request body's bytes. */
async function send<T>(path: string, file: Chosen): Promise<T> {
  if (typeof file === 'string') return apiSend<T>('POST', path, { file });
  if (file.size > KUMA_DB_MAX_BYTES) {
    throw new RequestError(
      413,
      'payload_too_large',
      `This kuma.db is ${(file.size / 1024 / 1024).toFixed(1)} MiB, over the ${KUMA_DB_MAX_BYTES / 1024 / 1024} MiB upload limit (its check history makes it large). Import it with "upwatch import kuma-db PATH", which sends only the monitors and notifications.`,
    );
  }
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { accept: 'application/json', 'content-type': 'application/octet-stream' },
    body: file,
  });
  const answer = (await response.json().catch(() => null)) as
    | (T & { error?: { code?: string; message?: string } })
    | null;
  if (!response.ok) {
    throw new RequestError(
      response.status,
      answer?.error?.code ?? 'unknown_error',
      answer?.error?.message ?? `Request failed with status ${response.status}.`,
    );
  }
  return answer as T;
}

function Imported({ result }: { result: ImportResult }) {
  const secrets = result.channels.filter((channel) => channel.secret);
  return (
    <div role="status" className="flex flex-col gap-2 rounded-ui border border-border bg-surface p-3 text-sm">
      <p>
        Imported {countOf(result.monitors.length, 'monitor')} and{' '}
        {countOf(result.channels.length, 'alert channel')}.{' '}
        <Link to="/dashboard/monitors" className="font-medium text-accent underline">
          See the monitors
        </Link>
      </p>
      {secrets.map((channel) => (
        <p key={channel.id}>
          Webhook “{channel.name}” signs its bodies with <code className="break-all">{channel.secret}</code>{' '}
          (shown this once).
        </p>
      ))}
    </div>
  );
}

/** Settings → Import: a file from another service, its dry run, and the import once confirmed. */
export function ImportTab() {
  const queryClient = useQueryClient();
  const canWrite = useCan('write');
  const role = useActiveWorkspace()?.role;
  const [source, setSource] = useState<ImportSource>('kuma');
  const [chosen, setChosen] = useState<File | null>(null);

  const preview = useMutation({
    mutationFn: (input: { source: ImportSource; file: Chosen }) =>
      send<ImportPreview>(`/api/v1/imports/${input.source}/preview`, input.file),
  });
  const apply = useMutation({
    mutationFn: (input: { source: ImportSource; file: Chosen }) =>
      send<ImportResult>(`/api/v1/imports/${input.source}`, input.file),
    // Monitors, channels and the plan's usage all changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });

  // A kuma.db goes as it is; a JSON export as its text, so the server names a mistake in it.
  const contents = async (next: ImportSource, picked: File): Promise<Chosen> =>
    next === 'kuma-db' ? picked : await picked.text();
  const start = async (next: ImportSource, picked: File | null) => {
    preview.reset();
    apply.reset();
    if (picked !== null) preview.mutate({ source: next, file: await contents(next, picked) });
  };
  const chooseFile = (picked: File | undefined) => {
    setChosen(picked ?? null);
    void start(source, picked ?? null);
  };
  const answer = preview.data;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Import monitors</CardTitle>
        <CardDescription>
          Bring monitors and alert channels over from Uptime Kuma (a 1.x backup or a 2.x kuma.db) or
          UptimeRobot. You see what maps, what does not and why before anything is created; the import then
          creates everything at once, or nothing.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Field>
          <Label htmlFor="import-source">From</Label>
          <NativeSelect
            id="import-source"
            value={source}
            onChange={(event) => {
              const next = event.target.value as ImportSource;
              setSource(next);
              void start(next, chosen);
            }}
          >
            {IMPORT_SOURCES.map((value) => (
              <option key={value} value={value}>
                {IMPORT_SOURCE_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
          <p className="text-xs text-muted">{WHERE_FROM[source]}</p>
        </Field>
        <Field>
          <Label htmlFor="import-file">File</Label>
          <Input
            id="import-file"
            type="file"
            accept={ACCEPT[source]}
            className="py-1.5"
            onChange={(event) => chooseFile(event.target.files?.[0])}
          />
        </Field>
        {preview.isPending ? <p className="text-sm text-muted">Reading the file…</p> : null}
        <FormError>{preview.error?.message ?? apply.error?.message}</FormError>
        {answer ? <ImportPreviewTables preview={answer} /> : null}
        {apply.data ? <Imported result={apply.data} /> : null}
        {answer && !apply.data ? (
          canWrite ? (
            <div>
              <Button
                disabled={!answer.canImport || apply.isPending || chosen === null}
                onClick={async () =>
                  chosen !== null && apply.mutate({ source, file: await contents(source, chosen) })
                }
              >
                {apply.isPending
                  ? 'Importing…'
                  : `Import ${countOf(answer.monitors.length, 'monitor')} and ${countOf(answer.channels.length, 'channel')}`}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted">{role ? refusalMessage('write', role) : null}</p>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
