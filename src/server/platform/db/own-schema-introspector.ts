// Kysely's PostgreSQL introspector reads the tables of every schema in the database, naming each
// schema in has_schema_privilege() and pg_get_serial_sequence(); when another connection drops a
// schema meanwhile (test runs create and drop their own side by side) the read fails with
// `schema "…" does not exist`. The migrator only asks whether its bookkeeping tables exist in
// Upwatch's own schema, so that is all this one reads, through catalog ids rather than names.
import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

class OwnSchemaIntrospector implements DatabaseIntrospector {
  // biome-ignore lint/suspicious/noExplicitAny: Kysely hands the introspector an untyped instance
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(
      this.db,
    );
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.oid = to_regnamespace(current_schema()) and c.relkind in ('r', 'v', 'p')`.execute(this.db);
    return rows.map(({ name, schema, kind }) => ({ name, schema, isView: kind === 'v', columns: [] }));
  }

  async getMetadata(_options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

export class OwnSchemaPostgresDialect extends PostgresDialect {
  // biome-ignore lint/suspicious/noExplicitAny: as PostgresDialect's own signature
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
