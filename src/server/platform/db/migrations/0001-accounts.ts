// better-auth's tables, owned here so one migration set builds every table on both
// dialects. Their column names and types are better-auth's (camelCase, its own date type).
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const accounts: Migration = {
  async up(db: Kysely<unknown>, types) {
    await db.schema
      .createTable('user')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('emailVerified', types.authBoolean, (col) => col.notNull())
      .addColumn('image', 'text')
      .addColumn('createdAt', types.authDate, (col) => col.notNull())
      .addColumn('updatedAt', types.authDate, (col) => col.notNull())
      .addColumn('timezone', 'text')
      .execute();

    await db.schema
      .createTable('session')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('expiresAt', types.authDate, (col) => col.notNull())
      .addColumn('token', 'text', (col) => col.notNull().unique())
      .addColumn('createdAt', types.authDate, (col) => col.notNull())
      .addColumn('updatedAt', types.authDate, (col) => col.notNull())
      .addColumn('ipAddress', 'text')
      .addColumn('userAgent', 'text')
      .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();

    await db.schema
      .createTable('account')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('accountId', 'text', (col) => col.notNull())
      .addColumn('providerId', 'text', (col) => col.notNull())
      .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('accessToken', 'text')
      .addColumn('refreshToken', 'text')
      .addColumn('idToken', 'text')
      .addColumn('accessTokenExpiresAt', types.authDate)
      .addColumn('refreshTokenExpiresAt', types.authDate)
      .addColumn('scope', 'text')
      .addColumn('password', 'text')
      .addColumn('createdAt', types.authDate, (col) => col.notNull())
      .addColumn('updatedAt', types.authDate, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute();

    await db.schema
      .createTable('verification')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('identifier', 'text', (col) => col.notNull())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('expiresAt', types.authDate, (col) => col.notNull())
      .addColumn('createdAt', types.authDate, (col) => col.notNull())
      .addColumn('updatedAt', types.authDate, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('verification_identifier_idx')
      .on('verification')
      .column('identifier')
      .execute();

    await db.schema
      .createTable('rateLimit')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('key', 'text', (col) => col.notNull().unique())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addColumn('lastRequest', 'bigint', (col) => col.notNull())
      .execute();
  },
};
