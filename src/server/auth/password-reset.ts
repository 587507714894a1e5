// "Forgot password?": better-auth keeps the single-use token (its verification table) and checks
// it; this module mails the link, caps how many links one address receives, and forgets a
// person's other links once one was used.
import type { Kysely } from 'kysely';
import { renderMailHtml, renderMailText } from '../../core/mail-layout.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Logger } from '../platform/logger.ts';
import type { Mailer } from '../platform/mail/mailer.ts';

/** How long a reset link works. */
export const RESET_LINK_VALID_SECONDS = 60 * 60;
/** Reset requests one client address may make per minute (better-auth's rate limiter). */
export const RESET_REQUESTS_PER_MINUTE = 3;
/** Reset mails one account receives per hour, whoever asks: nobody can flood a mailbox. */
export const RESET_MAILS_PER_HOUR = 3;

const IDENTIFIER_PREFIX = 'reset-password:';

export interface PasswordResetDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
}

export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function createPasswordReset({ db, mailer, publicUrl, logger }: PasswordResetDeps) {
  /**
   * The links asked for this person within the hour up to this one, this one included (not
   * those asked after it). Times are better-auth's own: each expiry is its creation plus an hour.
   */
  async function linksThisHour(userId: string, token: string): Promise<number> {
    const rows = await db
      .selectFrom('verification')
      .select(['identifier', 'expiresAt'])
      .where('value', '=', userId)
      .where('identifier', 'like', `${IDENTIFIER_PREFIX}%`)
      .execute();
    const current = rows.find((row) => row.identifier === `${IDENTIFIER_PREFIX}${token}`);
    if (!current) return 0;
    const until = new Date(current.expiresAt).getTime();
    const since = until - RESET_LINK_VALID_SECONDS * 1000;
    return rows.filter((row) => {
      const at = new Date(row.expiresAt).getTime();
      return at > since && at <= until;
    }).length;
  }

  async function mail(user: { id: string; email: string }, token: string): Promise<void> {
    if ((await linksThisHour(user.id, token)) > RESET_MAILS_PER_HOUR) {
      logger.warn({ userId: user.id }, 'Password reset mail not sent: hourly limit reached');
      return;
    }
    const content = {
      heading: 'Reset your Upwatch password',
      accent: '#059669',
      paragraphs: [
        'Someone (hopefully you) asked to reset the password of your Upwatch account.',
        'The link works once, for one hour. Setting a new password signs you out everywhere else.',
        'If you did not ask for this, ignore this mail: your password stays as it is.',
      ],
      facts: [['Account', user.email]] as const,
      button: { label: 'Set a new password', href: passwordResetLink(publicUrl, token) },
      footer: { text: 'Upwatch', href: publicUrl },
    };
    await mailer.send({
      // Not filed under the person's workspace: other members of it read that outbox, and the
      // link is the account.
      workspaceId: null,
      to: user.email,
      subject: 'Reset your Upwatch password',
      html: renderMailHtml(content),
      text: renderMailText(content),
    });
  }

  return {
    /**
     * better-auth's `sendResetPassword`. The mail goes out after the answer, so how long the
     * answer takes says nothing about whether the address has an account.
     */
    send({ user, token }: { user: { id: string; email: string }; token: string }): void {
      void mail(user, token).catch((error: unknown) => {
        logger.error({ err: error, userId: user.id }, 'Could not send the password reset mail');
      });
    },

    /** better-auth's `onPasswordReset`: the person's other links stop working too. */
    async forgetOtherLinks({ user }: { user: { id: string } }): Promise<void> {
      await db
        .deleteFrom('verification')
        .where('value', '=', user.id)
        .where('identifier', 'like', `${IDENTIFIER_PREFIX}%`)
        .execute();
    },
  };
}
