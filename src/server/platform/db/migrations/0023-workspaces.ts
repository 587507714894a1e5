// Workspaces (issue 18): better-auth's organization, member and invitation tables, and the
// session's active organization. Every user gets a personal workspace whose id is the user's
// own, with them as its owner: what they own today (monitors, channels, the billing customer…)
// is keyed by that id already, so no row elsewhere changes and every id stays valid.
import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const workspaces: Migration = {
  async up(db, types) {
    await db.schema
      .createTable('organization')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('slug', 'text', (col) => col.notNull().unique())
      .addColumn('logo', 'text')
      .addColumn('createdAt', types.authDate, (col) => col.notNull())
      .addColumn('metadata', 'text')
      .execute();

    await db.schema
      .createTable('member')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('organizationId', 'text', (col) =>
        col.notNull().references('organization.id').onDelete('cascade'),
      )
      .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('role', 'text', (col) => col.notNull())
      .addColumn('createdAt', types.authDate, (col) => col.notNull())
      .execute();
    // One membership per person and workspace; also finds a workspace's members.
    await sql`create unique index member_organization_user_key on member ("organizationId", "userId")`.execute(
      db,
    );
    await db.schema.createIndex('member_userId_idx').on('member').column('userId').execute();

    await db.schema
      .createTable('invitation')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('organizationId', 'text', (col) =>
        col.notNull().references('organization.id').onDelete('cascade'),
      )
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('role', 'text')
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('expiresAt', types.authDate, (col) => col.notNull())
      .addColumn('createdAt', types.authDate, (col) => col.notNull())
      .addColumn('inviterId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .execute();
    await db.schema
      .createIndex('invitation_organizationId_idx')
      .on('invitation')
      .column('organizationId')
      .execute();
    await db.schema.createIndex('invitation_email_idx').on('invitation').column('email').execute();

    await db.schema.alterTable('session').addColumn('activeOrganizationId', 'text').execute();

    await sql`insert into organization (id, name, slug, "createdAt")
      select id, name || '''s workspace', id, "createdAt" from "user"`.execute(db);
    await sql`insert into member (id, "organizationId", "userId", role, "createdAt")
      select id, id, id, 'owner', "createdAt" from "user"`.execute(db);
    await sql`update session set "activeOrganizationId" = "userId"`.execute(db);
  },
};
