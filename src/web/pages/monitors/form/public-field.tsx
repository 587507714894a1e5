import { PublicLink } from '../../../components/status-page-state';
import { CopyButton } from '../../../components/ui/copy-button';
import { usePublicConfig } from '../../../lib/public-config';
import { publicMonitorUrl } from '../../../lib/status-pages';
import { Checkbox } from './form-field';

/** The monitor's 'public' flag; with it on, the address of its own status page. */
export function PublicField({
  monitorId,
  checked,
  onChange,
}: {
  /** Unknown while creating: the address exists once the monitor does. */
  monitorId?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { data: config } = usePublicConfig();
  const url = monitorId ? publicMonitorUrl(config?.publicUrl ?? window.location.origin, monitorId) : null;
  return (
    <div className="flex flex-col gap-2">
      <Checkbox
        id="monitor-public"
        label="Public status page"
        hint="Anyone with the link sees this monitor's status, 90 days of uptime and its incidents, and can embed its badges."
        checked={checked}
        onChange={onChange}
      />
      {checked ? (
        url ? (
          <div className="ml-7 flex min-w-0 items-center gap-2">
            <PublicLink href={url} />
            <CopyButton text={url} label="public link of this monitor" />
          </div>
        ) : (
          <p className="ml-7 text-xs text-muted">The link appears once the monitor is created.</p>
        )
      ) : null}
    </div>
  );
}
