import { pino } from 'pino';

export type Logger = pino.Logger;

// Synchronous writes: Upwatch logs little, and an async buffer loses the last lines when the
// process exits (shutdown messages, fatal start-up errors).
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'upwatch' } }, pino.destination({ sync: true }));
}
