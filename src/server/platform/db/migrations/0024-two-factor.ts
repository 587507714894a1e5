// Two-factor sign-in (issue 18): better-auth's two-factor plugin keeps each person's TOTP secret
// and backup codes (both encrypted by it) in `twoFactor`, and whether it is on in `user`.
import type { Migration } from './migration.ts';

export const twoFactor: Migration = {
  async up(db, types) {
    await db.schema
      .alterTable('user')
      .addColumn('twoFactorEnabled', types.authBoolean, (col) =>
        col.notNull().defaultTo(types.authBoolean === 'boolean' ? false : 0),
      )
      .execute();
    await db.schema
      .createTable('twoFactor')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('secret', 'text', (col) => col.notNull())
      .addColumn('backupCodes', 'text', (col) => col.notNull())
      .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('verified', types.authBoolean, (col) =>
        col.notNull().defaultTo(types.authBoolean === 'boolean' ? true : 1),
      )
      .addColumn('failedVerificationCount', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('lockedUntil', types.authDate)
      .execute();
    await db.schema.createIndex('twoFactor_userId_idx').on('twoFactor').column('userId').execute();
    await db.schema.createIndex('twoFactor_secret_idx').on('twoFactor').column('secret').execute();
  },
};
