import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { organization, twoFactor } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { isValidTimeZone } from '../../core/time-zones.ts';
import { revokeKeysOfAccount } from '../api-keys/person-keys.ts';
import type { Clock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import type { Dialect } from '../platform/db/connect.ts';
import type { Database } from '../platform/db/schema.ts';
import { publishAccessChange } from '../platform/events/access-changes.ts';
import type { EventBus } from '../platform/events/bus.ts';
import { CLIENT_IP_HEADER } from '../platform/http/client-ip.ts';
import type { Logger } from '../platform/logger.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import { createPersonalWorkspace, releaseOwnedWorkspaces } from '../workspaces/personal.ts';
import { refuseOrganizationRoutes } from './organization-routes.ts';
import {
  createPasswordReset,
  RESET_LINK_VALID_SECONDS,
  RESET_REQUESTS_PER_MINUTE,
} from './password-reset.ts';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export interface AuthDeps {
  config: Pick<Config, 'publicUrl' | 'github' | 'authAttemptsPerMinute'>;
  secret: string;
  db: Kysely<Database>;
  dialect: Dialect;
  /** Dates Upwatch writes itself (a new person's workspace); better-auth keeps its own. */
  clock: Clock;
  logger: Logger;
  /** Sends the password reset links (SMTP, or the outbox without it). */
  mailer: Mailer;
  /** Told when a session ends (sign-out, revoked, reset password): its open streams end too. */
  events: EventBus;
  /** After sign-up (any method): the billing customer is made here. */
  onUserCreated?(user: { id: string; name: string; email: string }): Promise<void>;
}

/** Both spellings of a loopback PUBLIC_URL are the same site to a person typing it. */
export function trustedOrigins(publicUrl: string): string[] {
  const origin = new URL(publicUrl).origin;
  const spellings = [origin];
  if (origin.includes('//localhost')) spellings.push(origin.replace('//localhost', '//127.0.0.1'));
  if (origin.includes('//127.0.0.1')) spellings.push(origin.replace('//127.0.0.1', '//localhost'));
  return spellings;
}

function checkTimeZone<T extends Record<string, unknown>>(user: T): { data: T } {
  const { timezone } = user;
  if (
    timezone !== undefined &&
    timezone !== null &&
    (typeof timezone !== 'string' || !isValidTimeZone(timezone))
  ) {
    throw new APIError('BAD_REQUEST', {
      code: 'invalid_time_zone',
      message: `Unknown time zone "${String(timezone)}". Use an IANA name such as Europe/Berlin.`,
    });
  }
  return { data: user };
}

export function createAuth({
  config,
  secret,
  db,
  dialect,
  clock,
  logger,
  mailer,
  events,
  onUserCreated,
}: AuthDeps) {
  const authLogger = logger.child({ module: 'auth' });
  const passwordReset = createPasswordReset({ db, mailer, publicUrl: config.publicUrl, logger: authLogger });
  return betterAuth({
    appName: 'Upwatch',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: { db, type: dialect },
    trustedOrigins: trustedOrigins(config.publicUrl),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // "Forgot password?": a single-use link, valid an hour; using it signs out every session.
      sendResetPassword: async (data) => passwordReset.send(data),
      resetPasswordTokenExpiresIn: RESET_LINK_VALID_SECONDS,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: passwordReset.forgetOtherLinks,
    },
    socialProviders: config.github
      ? { github: { clientId: config.github.clientId, clientSecret: config.github.clientSecret } }
      : {},
    user: {
      additionalFields: {
        timezone: { type: 'string', required: false, defaultValue: 'UTC', input: true },
      },
      deleteUser: { enabled: true },
    },
    plugins: [
      // Workspaces are organizations, kept in its tables. They are made and changed through
      // /api/v1 (roles, limits, billing customer, audit); its routes are refused by the hook below.
      organization({ allowUserToCreateOrganization: false }),
      // TOTP with backup codes; a sign-in with a password then asks for a code.
      twoFactor({ issuer: 'Upwatch' }),
    ],
    hooks: { before: refuseOrganizationRoutes },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => checkTimeZone(user),
          after: async (user) => {
            await createPersonalWorkspace(db, dialect, user, new Date(clock.now()));
            await onUserCreated?.({ id: user.id, name: user.name, email: user.email });
          },
        },
        update: { before: async (user) => checkTimeZone(user) },
        delete: {
          before: async (user) => {
            const shared = await releaseOwnedWorkspaces(db, user.id);
            if (shared.length > 0) {
              throw new APIError('BAD_REQUEST', {
                code: 'owns_shared_workspaces',
                message: `You own ${shared.join(', ')}, which others work in. Hand ${shared.length > 1 ? 'them' : 'it'} over to a member or delete ${shared.length > 1 ? 'them' : 'it'} first (Settings → Members).`,
              });
            }
            const workspaces = await revokeKeysOfAccount(db, user, clock.now());
            for (const workspaceId of workspaces)
              publishAccessChange(events, { workspaceId, personId: user.id });
          },
          after: async (user) => {
            await db.deleteFrom('organization').where('id', '=', user.id).execute();
          },
        },
      },
      session: {
        create: {
          // A new session works in the person's personal workspace (its id is theirs).
          before: async (session) => ({
            data: { ...session, activeOrganizationId: session.userId },
          }),
        },
        delete: {
          after: async (session) =>
            publishAccessChange(events, { workspaceId: null, personId: session.userId }),
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: config.authAttemptsPerMinute },
        '/sign-up/email': { window: 60, max: config.authAttemptsPerMinute },
        '/request-password-reset': { window: 60, max: RESET_REQUESTS_PER_MINUTE },
        '/reset-password': { window: 60, max: config.authAttemptsPerMinute },
      },
    },
    advanced: {
      database: { generateId: () => uuidv7() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      // better-auth turns origin checks off when NODE_ENV=test; tests must see production behaviour.
      disableOriginCheck: false,
    },
    logger: {
      log: (level, message, ...args) => authLogger[level]({ args }, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
