// Migration tests build a database as an earlier release left it, then migrate it in place. Until
// 0045 the owner column was `user_id`; the shared row helpers write today's `workspace_id`. This
// plugin turns that column's name back in every query built through it, so those helpers can
// seed an old database as it was.
import {
  IdentifierNode,
  type Kysely,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type TableNode,
  type UnknownRow,
} from 'kysely';
import type { Database } from '../../schema.ts';
import { WORKSPACE_ID_TABLES } from '../0045-workspace-ids.ts';
import type { ColumnNow } from './table-snapshot.ts';

/** The tables a query names. */
class TablesNamed extends OperationNodeTransformer {
  readonly names = new Set<string>();
  protected override transformTable(node: TableNode): TableNode {
    this.names.add(node.table.identifier.name);
    return super.transformTable(node);
  }
}

class OwnerColumnAsBefore extends OperationNodeTransformer {
  protected override transformIdentifier(node: IdentifierNode): IdentifierNode {
    return node.name === 'workspace_id' ? IdentifierNode.create('user_id') : node;
  }
}

const renamedTables = new Set<string>(WORKSPACE_ID_TABLES);

/** A query on the renamed tables names the column as before; one on others (audit_events) as now. */
function asBefore(node: RootOperationNode): RootOperationNode {
  const tables = new TablesNamed();
  tables.transformNode(node);
  const renamed = [...tables.names].filter((name) => renamedTables.has(name));
  if (renamed.length === 0) return node;
  if (renamed.length !== tables.names.size)
    throw new Error(`a query on ${[...tables.names].join(', ')} mixes owner columns of two ages`);
  return new OwnerColumnAsBefore().transformNode(node);
}

const ownerColumnAsBefore: KyselyPlugin = {
  transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => asBefore(args.node),
  transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => args.result,
};

/** The same database, written to as releases before 0045 named the owner column. */
export function beforeWorkspaceIds<DB = Database>(db: Kysely<DB>): Kysely<DB> {
  return db.withPlugin(ownerColumnAsBefore);
}

/** Where a column written before 0045 is now: `user_id` of a workspace's table is `workspace_id`. */
export const ownerColumnNow: ColumnNow = (table, column) =>
  column === 'user_id' && renamedTables.has(table) ? 'workspace_id' : column;
