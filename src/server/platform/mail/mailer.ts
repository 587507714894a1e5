// Sends mail: through the configured SMTP server, or, with none configured, into the outbox table
// the app shows, so a fresh install still shows what it would have sent.
import type { Kysely } from 'kysely';
import { createTransport } from 'nodemailer';
import { uuidv7 } from 'uuidv7';
import type { Clock } from '../clock.ts';
import type { MailConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';

export interface MailMessage {
  /** The workspace whose outbox files the mail (its members read it there); null for none. */
  workspaceId: string | null;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers for SMTP (e.g. List-Unsubscribe); the outbox does not keep them. */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(config: MailConfig, db: Kysely<Database>, clock: Clock): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.from) : createOutboxMailer(db, clock);
}

/** A pooled transport: alerts come in bursts, and each new SMTP connection costs a handshake. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send({ to, subject, html, text, headers }) {
      await transport.sendMail({ from, to, subject, html, text, headers });
    },
    async close() {
      transport.close();
    },
  };
}

export function createOutboxMailer(db: Kysely<Database>, clock: Clock): Mailer {
  return {
    kind: 'outbox',
    async send({ workspaceId, to, subject, html, text }) {
      await db
        .insertInto('outbox')
        .values({
          id: uuidv7(),
          workspace_id: workspaceId,
          to_address: to,
          subject,
          html,
          text,
          created_at: clock.now(),
        })
        .execute();
    },
    async close() {},
  };
}
