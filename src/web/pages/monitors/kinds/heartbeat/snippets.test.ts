import { describe, expect, it } from 'vitest';
import { crontabSchedule, heartbeatSnippets } from './snippets';

const pingUrl = 'https://upwatch.example/api/ping/abc';

describe('heartbeat snippets', () => {
  it('schedules crontab lines from the cron, or the nearest for a period', () => {
    expect(crontabSchedule({ pingUrl, cron: '30 2 * * *', periodSeconds: null })).toBe('30 2 * * *');
    expect(crontabSchedule({ pingUrl, cron: null, periodSeconds: 300 })).toBe('*/5 * * * *');
    expect(crontabSchedule({ pingUrl, cron: null, periodSeconds: 3600 })).toBe('0 * * * *');
    expect(crontabSchedule({ pingUrl, cron: null, periodSeconds: 6 * 3600 })).toBe('0 */6 * * *');
  });

  it('reports the exit status to the ping URL in every snippet', () => {
    const snippets = heartbeatSnippets({ pingUrl, cron: null, periodSeconds: 300 });
    expect(snippets.map((s) => s.label)).toEqual(['curl', 'crontab', 'GitHub Actions', 'PowerShell']);
    for (const snippet of snippets) expect(snippet.code).toContain(pingUrl);
    expect(snippets[1]?.code).toBe(
      `*/5 * * * * /path/to/your-job.sh; curl -fsS -m 10 --retry 3 -o /dev/null ${pingUrl}/$?`,
    );
  });
});
