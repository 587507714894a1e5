// Copy-ready ways to ping a heartbeat from the places jobs run: a shell, crontab, GitHub Actions
// and PowerShell. Each reports the job's exit status, so a failing job turns the monitor down at once.
import type { MonitorOf } from '../../../../../core/api/monitors';

export interface Snippet {
  id: 'curl' | 'crontab' | 'github' | 'powershell';
  label: string;
  code: string;
}

type Heartbeat = Pick<MonitorOf<'heartbeat'>, 'pingUrl' | 'periodSeconds' | 'cron'>;

/** A crontab schedule for the heartbeat: its own cron, or the nearest for a period. */
export function crontabSchedule({ cron, periodSeconds }: Heartbeat): string {
  if (cron) return cron;
  const minutes = Math.max(1, Math.round((periodSeconds ?? 60) / 60));
  if (minutes < 60 && 60 % minutes === 0) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = Math.round(minutes / 60);
  if (hours < 24 && 24 % hours === 0) return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
  return '0 0 * * *';
}

export function heartbeatSnippets(monitor: Heartbeat): Snippet[] {
  const url = monitor.pingUrl;
  return [
    {
      id: 'curl',
      label: 'curl',
      code: [
        `curl -fsS -m 10 --retry 3 -o /dev/null ${url}/start`,
        './your-job.sh',
        `curl -fsS -m 10 --retry 3 -o /dev/null ${url}/$?`,
      ].join('\n'),
    },
    {
      id: 'crontab',
      label: 'crontab',
      code: `${crontabSchedule(monitor)} /path/to/your-job.sh; curl -fsS -m 10 --retry 3 -o /dev/null ${url}/$?`,
    },
    {
      id: 'github',
      label: 'GitHub Actions',
      code: [
        '- name: Report to Upwatch',
        '  if: always()',
        '  run: |',
        `    curl -fsS -m 10 --retry 3 -o /dev/null "${url}/\${{ job.status == 'success' && '0' || 'fail' }}"`,
      ].join('\n'),
    },
    {
      id: 'powershell',
      label: 'PowerShell',
      code: [
        `Invoke-RestMethod -Uri "${url}/start" -TimeoutSec 10 | Out-Null`,
        '& .\\your-job.ps1',
        `Invoke-RestMethod -Uri "${url}/$LASTEXITCODE" -TimeoutSec 10 | Out-Null`,
      ].join('\n'),
    },
  ];
}
