// Services open their own transactions; config apply (issue 22) runs many of their writes as one,
// all or nothing. Given an open transaction, this is a Kysely handle whose `transaction()` joins
// it instead of opening another (Kysely refuses nested transactions, and on SQLite the one
// connection is held by the outer transaction, so a second would wait for ever).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

export function joinTransaction(tx: Transaction<Database>): Kysely<Database> {
  const joined = {
    execute: <T>(work: (inner: Transaction<Database>) => Promise<T>) => work(tx),
  };
  return new Proxy(tx, {
    get(target, property) {
      if (property === 'transaction') return () => joined;
      const value = Reflect.get(target, property, target);
      // Kysely's methods read private fields, which only the real object has.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
