// While the database is away every retry fails the same way; logging each one buries the log
// (one line per pool connection, bus retry and worker round). An outage is one line when it
// starts and one when it ends, with how many attempts failed in between.
import type { Logger } from '../logger.ts';

export interface OutageLog {
  readonly down: boolean;
  /** An attempt failed because the database is away: logged only if it was up until now. */
  failed(err: unknown): void;
  /** An attempt worked: logged only if the database was away until now. */
  succeeded(): void;
}

export interface OutageMessages {
  lost: string;
  restored: string;
}

/** What the log keeps of an error: its code and message, not a stack for each outage. */
function describe(err: unknown): { code?: string; message: string } {
  if (!(err instanceof Error)) return { message: String(err) };
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? { code, message: err.message } : { message: err.message };
}

export function createOutageLog(logger: Logger, messages: OutageMessages): OutageLog {
  let down = false;
  let failures = 0;
  return {
    get down() {
      return down;
    },
    failed(err) {
      failures++;
      if (down) return;
      down = true;
      logger.warn({ reason: describe(err) }, messages.lost);
    },
    succeeded() {
      if (!down) return;
      logger.info({ failedAttempts: failures }, messages.restored);
      down = false;
      failures = 0;
    },
  };
}
