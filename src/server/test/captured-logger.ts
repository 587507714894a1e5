// A real pino logger whose lines the test reads back, to prove what is logged and how often.
import { pino } from 'pino';
import type { Logger } from '../platform/logger.ts';

export interface LoggedLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export function capturedLogger(): { logger: Logger; lines: LoggedLine[]; messages(): string[] } {
  const lines: LoggedLine[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines, messages: () => lines.map((line) => line.msg) };
}
