// `npm run graph`: the server's import graph in figures, as JSON; `--list` names every cycle,
// mutual pair and broken rule. Counted twice: all imports, and those left once types are erased.
import { cycles, type ImportEdge, readImportGraph } from './import-graph.ts';
import { layerViolations, mutualFolders } from './layers.ts';

function figures(edges: ImportEdge[], list: boolean) {
  const server = edges.filter(
    (edge) => edge.from.startsWith('src/server/') && edge.to.startsWith('src/server/'),
  );
  const found = cycles(server);
  const pairs = mutualFolders(server);
  const broken = layerViolations(edges);
  return {
    imports: server.length,
    cycles: found.map((cycle) => cycle.length),
    mutual_folder_pairs: pairs.length,
    layer_violations: broken.length,
    ...(list ? { cycle_files: found, pairs, broken } : {}),
  };
}

const list = process.argv.includes('--list');
const edges = readImportGraph(['src/server', 'src/core', 'src/web']);
process.stdout.write(
  `${JSON.stringify(
    {
      files: new Set(edges.map((edge) => edge.from)).size,
      all_imports: figures(edges, list),
      runtime_imports: figures(
        edges.filter((edge) => !edge.typeOnly),
        list,
      ),
    },
    null,
    2,
  )}\n`,
);
