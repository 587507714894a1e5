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
} from '../../../../core/api/imports';
import { refusalMessage } from '../../../../core/permissions';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, FormError, Input, Label, NativeSelect } from '../../../components/ui/input';
import { apiSend } from '../../../lib/api';
import { useActiveWorkspace, useCan } from '../../../lib/workspaces';
import { ImportPreviewTables } from './import-preview';

const WHERE_FROM: Record<ImportSource, string> = {
  kuma: 'In Uptime Kuma 1.x: Settings → Backup → Export, then choose the JSON file it saved.',
  uptimerobot:
    'From the UptimeRobot API v2: the getMonitors answer (asked with alert_contacts=1), with getAlertContacts’ alert_contacts added beside its monitors, as one JSON file.',
};

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
  const [file, setFile] = useState<string | null>(null);

  const preview = useMutation({
    mutationFn: (input: { source: ImportSource; file: string }) =>
      apiSend<ImportPreview>('POST', `/api/v1/imports/${input.source}/preview`, { file: input.file }),
  });
  const apply = useMutation({
    mutationFn: (input: { source: ImportSource; file: string }) =>
      apiSend<ImportResult>('POST', `/api/v1/imports/${input.source}`, { file: input.file }),
    // Monitors, channels and the plan's usage all changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });

  const start = (next: ImportSource, text: string | null) => {
    preview.reset();
    apply.reset();
    if (text !== null) preview.mutate({ source: next, file: text });
  };
  const chooseFile = async (chosen: File | undefined) => {
    const text = chosen ? await chosen.text() : null;
    setFile(text);
    start(source, text);
  };
  const answer = preview.data;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Import monitors</CardTitle>
        <CardDescription>
          Bring monitors and alert channels over from Uptime Kuma or UptimeRobot. You see what maps, what does
          not and why before anything is created; the import then creates everything at once, or nothing.
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
              start(next, file);
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
            accept=".json,application/json"
            className="py-1.5"
            onChange={(event) => void chooseFile(event.target.files?.[0])}
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
                disabled={!answer.canImport || apply.isPending || file === null}
                onClick={() => file !== null && apply.mutate({ source, file })}
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
