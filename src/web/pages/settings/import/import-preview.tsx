import { type ImportPreview, previewSummary } from '../../../../core/api/imports';
import { formatSeconds } from '../../../../core/heartbeat-schedule';

function Notes({ notes }: { notes: string[] }) {
  if (notes.length === 0) return <span className="text-muted">–</span>;
  return (
    <ul className="flex flex-col gap-0.5 text-xs text-muted">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}

function Table({ head, children }: { head: string[]; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-muted">
          <tr>
            {head.map((cell) => (
              <th key={cell} className="py-1 pr-4 font-medium">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const cell = 'py-1.5 pr-4 align-top';

/** The dry run, as tables: what will be created (with what changed on the way), what will not and why. */
export function ImportPreviewTables({ preview }: { preview: ImportPreview }) {
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm">{previewSummary(preview)}</p>
      {preview.limits.length > 0 ? (
        <div
          role="alert"
          className="rounded-ui border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger"
        >
          <p className="font-medium">Plan limits</p>
          <ul className="list-disc pl-5">
            {preview.limits.map((limit) => (
              <li key={limit.message}>{limit.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview.monitors.length > 0 ? (
        <section aria-label="Monitors to import" className="flex flex-col gap-2">
          <h3 className="font-medium">Monitors</h3>
          <Table head={['Name', 'Kind', 'Target', 'Every', 'Alerts', 'Notes']}>
            {preview.monitors.map((monitor) => (
              <tr
                key={`${monitor.kind} ${monitor.name} ${monitor.target}`}
                className="border-t border-border"
              >
                <td className={`${cell} font-medium`}>{monitor.name}</td>
                <td className={cell}>{monitor.kind}</td>
                <td className={`${cell} break-all font-mono text-xs`}>{monitor.target}</td>
                <td className={`${cell} tabular-nums`}>{formatSeconds(monitor.intervalSeconds)}</td>
                <td className={cell}>{monitor.channels.join(', ') || 'Account email'}</td>
                <td className={cell}>
                  <Notes notes={monitor.notes} />
                </td>
              </tr>
            ))}
          </Table>
        </section>
      ) : null}
      {preview.channels.length > 0 ? (
        <section aria-label="Alert channels to import" className="flex flex-col gap-2">
          <h3 className="font-medium">Alert channels</h3>
          <Table head={['Name', 'Kind', 'Sends to', 'Notes']}>
            {preview.channels.map((channel) => (
              <tr
                key={`${channel.kind} ${channel.name} ${channel.target}`}
                className="border-t border-border"
              >
                <td className={`${cell} font-medium`}>{channel.name}</td>
                <td className={cell}>{channel.kind}</td>
                <td className={`${cell} break-all font-mono text-xs`}>{channel.target}</td>
                <td className={cell}>
                  <Notes notes={channel.notes} />
                </td>
              </tr>
            ))}
          </Table>
        </section>
      ) : null}
      {preview.skipped.length > 0 ? (
        <section aria-label="Skipped" className="flex flex-col gap-2">
          <h3 className="font-medium">Skipped</h3>
          <Table head={['Name', 'Type', 'Why']}>
            {preview.skipped.map((item) => (
              <tr key={`${item.type} ${item.name} ${item.reason}`} className="border-t border-border">
                <td className={`${cell} font-medium`}>{item.name}</td>
                <td className={cell}>{item.type}</td>
                <td className={`${cell} text-muted`}>{item.reason}</td>
              </tr>
            ))}
          </Table>
        </section>
      ) : null}
    </div>
  );
}
