// Which error a unique index raises, in either dialect: PostgreSQL's SQLSTATE and better-sqlite3's code.
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
