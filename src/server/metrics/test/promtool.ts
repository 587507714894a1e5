// Runs the real `promtool check metrics` (Debian's prometheus package) over an exposition, as
// Prometheus's own linter reads a scrape. A missing promtool fails the test that needs it.
import { spawn } from 'node:child_process';

export interface PromtoolVerdict {
  code: number | null;
  /** What promtool found, one problem a line; empty when the exposition passes. */
  problems: string;
}

export function promtoolCheckMetrics(exposition: string): Promise<PromtoolVerdict> {
  if (exposition.trim() === '') throw new Error('an empty exposition passes promtool and proves nothing');
  return new Promise((resolve, reject) => {
    const child = spawn('promtool', ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let problems = '';
    child.stdout.on('data', (chunk: Buffer) => {
      problems += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      problems += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(
              'promtool is not installed: apt-get install -y --no-install-recommends prometheus (.ci/run installs it)',
            )
          : error,
      );
    });
    child.on('close', (code) => resolve({ code, problems: problems.trim() }));
    child.stdin.on('error', () => {
      // promtool closed its input early; its exit code says why.
    });
    child.stdin.end(exposition);
  });
}
