/**
 * Checks the imports that Biome cannot: each workspace package imports only its declared
 * dependencies, the packages depend on each other one way (LAYERS) with no cycle, no relative
 * import climbs out of its package, the web app's features stay apart (WEB_SRC), and the server's
 * features import one way (SERVER_FEATURES), each feature's modules with no cycle. Prints each
 * breach as `file:line: message` and exits 1 when there is one.
 *
 *   tsx scripts/lint-imports.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The workspace packages each package may import: from the rules up, never back. */
export const LAYERS: Record<string, readonly string[]> = {
  '@sbc/rules': [],
  '@sbc/game': ['@sbc/rules'],
  '@sbc/ai': ['@sbc/rules', '@sbc/game'],
  '@sbc/api': ['@sbc/rules', '@sbc/game'],
  '@sbc/server': ['@sbc/api', '@sbc/game', '@sbc/rules'],
  '@sbc/web': ['@sbc/ai', '@sbc/api', '@sbc/game', '@sbc/rules'],
};

/** What test code may import besides: the web app's end-to-end suite starts the real server. */
export const TEST_LAYERS: Record<string, readonly string[]> = { '@sbc/web': ['@sbc/server'] };

/** The web app's sources; its features are folders of WEB_SRC/features. */
const WEB_SRC = 'apps/web/src/';
/** What a feature may import from outside its folder: the shared code, and a feature's public files. */
const SHARED = ['components/', 'lib/'];
const FEATURE_ENTRIES = ['index.ts', 'pages.ts'];

/** The server's sources; its features are folders of SERVER_SRC/features. */
const SERVER_SRC = 'apps/server/src/';
/** The server's features from the bottom up: each imports only those before it, never one after. */
export const SERVER_FEATURES = [
  'health',
  'accounts',
  'ratings',
  'feedback',
  'games',
  'rooms',
  'lobby',
  'players',
  'live',
  'admin',
  'web',
];
/** The server's code outside features/ is shared and imports no feature, but for what assembles them. */
const SERVER_ASSEMBLY = ['app.ts', 'services.ts', 'cli/'];

/** Repository-relative paths ('/'-separated) to texts: the packages' package.json files and sources. */
export type Tree = Map<string, string>;

export interface Breach {
  file: string;
  line: number;
  message: string;
}

interface Package {
  dir: string;
  name: string;
  manifest: string;
  dependencies: Set<string>;
  devDependencies: Set<string>;
  /** The subpaths of its `exports` ('.', './browser'), or null without an exports field. */
  exports: Set<string> | null;
}

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|jsx)$/;
const MANIFEST = /^(packages|apps)\/[^/]+\/package\.json$/;
const TEST_CODE = /(^|\/)(test|e2e)\/|\.test\.tsx?$/;
const BUILTINS = new Set(builtinModules);

const keys = (o: unknown) => new Set(Object.keys((o ?? {}) as object));

function readPackage(path: string, text: string): Package {
  const json = JSON.parse(text);
  return {
    dir: posix.dirname(path),
    name: json.name,
    manifest: path,
    dependencies: keys(json.dependencies),
    devDependencies: keys(json.devDependencies),
    exports: typeof json.exports === 'object' ? keys(json.exports) : null,
  };
}

/** The package name and subpath of a bare import: '@sbc/ai/browser' is '@sbc/ai' and 'browser'. */
function splitSpecifier(spec: string): [string, string] {
  const parts = spec.split('/');
  const n = spec.startsWith('@') ? 2 : 1;
  return [parts.slice(0, n).join('/'), parts.slice(n).join('/')];
}

function imports(text: string): { spec: string; line: number }[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => ({
    spec: f.fileName.split('?')[0], // Vite's '?raw' and the like
    line: text.slice(0, f.pos).split('\n').length,
  }));
}

/** Where a path of the web app's sources belongs: a feature, the shared code, or the app around them. */
function webArea(path: string): string {
  const rest = path.slice(WEB_SRC.length);
  const feature = /^features\/([^/]+)\//.exec(rest);
  if (feature) return `features/${feature[1]}`;
  return SHARED.find((s) => rest.startsWith(s)) ?? 'app';
}

/** The feature boundaries of one relative import of the web app; null when it keeps them. */
function webBreach(file: string, target: string): string | null {
  if (!file.startsWith(WEB_SRC) || !target.startsWith(WEB_SRC)) return null;
  const from = webArea(file);
  const to = webArea(target);
  if (from === to) return null;
  if (to.startsWith('features/')) {
    const entry = target.slice(WEB_SRC.length + to.length + 1);
    if (SHARED.includes(from)) return `shared ${from} imports no feature (${to})`;
    return FEATURE_ENTRIES.includes(entry)
      ? null
      : `${to} is entered only through ${FEATURE_ENTRIES.join(' or ')}`;
  }
  if (SHARED.includes(to)) return null;
  return `${from} may import only ${SHARED.join(', ')}, its own folder and other features' ${FEATURE_ENTRIES.join(' or ')}`;
}

/** The server feature a path belongs to; null outside the server's features/. */
const serverFeature = (path: string): string | null =>
  path.startsWith(SERVER_SRC)
    ? (/^features\/([^/]+)\//.exec(path.slice(SERVER_SRC.length))?.[1] ?? null)
    : null;

/** The order of the server's features for one relative import of its sources; null when it keeps it. */
function serverBreach(file: string, target: string): string | null {
  if (!file.startsWith(SERVER_SRC) || !target.startsWith(SERVER_SRC)) return null;
  const from = serverFeature(file);
  const to = serverFeature(target);
  if (!to || from === to) return null;
  if (!from) {
    const area = /^[^/]+\/?/.exec(file.slice(SERVER_SRC.length))?.[0] ?? '';
    return SERVER_ASSEMBLY.includes(area) ? null : `shared ${area} imports no feature (features/${to})`;
  }
  const unplaced = [from, to].find((f) => !SERVER_FEATURES.includes(f));
  if (unplaced) return `features/${unplaced} has no place in SERVER_FEATURES`;
  const below = SERVER_FEATURES.slice(0, SERVER_FEATURES.indexOf(from));
  return below.includes(to)
    ? null
    : `features/${from} may import only the features below it (${below.join(', ') || 'none'}), not features/${to}`;
}

/** The cycles of a directed graph, each once, as paths that end where they start. */
export function findCycles(graph: Map<string, Set<string>>): string[][] {
  const cycles = new Map<string, string[]>();
  const visit = (node: string, path: string[]) => {
    for (const next of graph.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const cycle = path.slice(at);
        const first = cycle.indexOf([...cycle].sort()[0]);
        const rotated = [...cycle.slice(first), ...cycle.slice(0, first)];
        cycles.set(rotated.join(' '), [...rotated, rotated[0]]);
      } else visit(next, [...path, next]);
    }
  };
  for (const node of graph.keys()) visit(node, [node]);
  return [...cycles.values()];
}

interface Workspace {
  byName: Map<string, Package>;
  /** Tools of the whole repository (vitest, typescript) that every package may use. */
  tools: Set<string>;
  /** Which workspace packages each one declares or imports. */
  graph: Map<string, Set<string>>;
  /** Which modules of its own feature each module of a server feature imports. */
  featureModules: Map<string, Set<string>>;
}

/** A package's declared workspace dependencies against its row of LAYERS. */
function checkManifest(pkg: Package, text: string, ws: Workspace): Breach[] {
  const at = (key: string) => ({
    file: pkg.manifest,
    line: text.slice(0, text.indexOf(`"${key}"`)).split('\n').length,
  });
  if (!LAYERS[pkg.name]) return [{ ...at('name'), message: `${pkg.name} has no row in LAYERS` }];
  const breaches: Breach[] = [];
  for (const dep of [...pkg.dependencies, ...pkg.devDependencies].filter((d) => ws.byName.has(d))) {
    ws.graph.get(pkg.name)?.add(dep);
    const test = !pkg.dependencies.has(dep) && TEST_LAYERS[pkg.name]?.includes(dep);
    if (!LAYERS[pkg.name].includes(dep) && !test) {
      breaches.push({ ...at(dep), message: `${pkg.name} may not depend on ${dep}` });
    }
  }
  return breaches;
}

/** What is wrong with one import of a package's file, if anything. */
function checkImport(file: string, spec: string, pkg: Package, ws: Workspace): string | null {
  if (spec.startsWith('.')) {
    const target = posix.join(posix.dirname(file), spec);
    // The project's docs are texts, not code: the web app shows docs/rules.md in its Rules dialog.
    if (target.startsWith('docs/') && spec.endsWith('.md')) return null;
    if (!target.startsWith(`${pkg.dir}/`)) return `'${spec}' climbs out of ${pkg.dir}: import the package`;
    const feature = serverFeature(file);
    if (feature && feature === serverFeature(target)) {
      ws.featureModules.set(file, (ws.featureModules.get(file) ?? new Set()).add(target));
    }
    const boundary = webBreach(file, target) ?? serverBreach(file, target);
    return boundary && `'${spec}': ${boundary}`;
  }
  if (spec.startsWith('node:') || BUILTINS.has(spec)) return null;
  const [name, subpath] = splitSpecifier(spec);
  if (name === pkg.name) return null;
  if (!pkg.dependencies.has(name) && !pkg.devDependencies.has(name) && !ws.tools.has(name)) {
    return `'${name}' is not a dependency of ${pkg.name}`;
  }
  const workspace = ws.byName.get(name);
  if (!workspace) return null;
  ws.graph.get(pkg.name)?.add(name);
  const test = TEST_CODE.test(file) && TEST_LAYERS[pkg.name]?.includes(name);
  if (!LAYERS[pkg.name]?.includes(name) && !test) return `${pkg.name} may not import ${name}`;
  if (subpath && workspace.exports && !workspace.exports.has(`./${subpath}`)) {
    return `${name} does not export './${subpath}'`;
  }
  return null;
}

export function lintImports(tree: Tree): Breach[] {
  const packages = [...tree].filter(([path]) => MANIFEST.test(path)).map(([p, t]) => readPackage(p, t));
  const ws: Workspace = {
    byName: new Map(packages.map((p) => [p.name, p])),
    tools: keys(JSON.parse(tree.get('package.json') ?? '{}').devDependencies),
    graph: new Map(packages.map((p) => [p.name, new Set<string>()])),
    featureModules: new Map(),
  };
  const breaches = packages.flatMap((pkg) => checkManifest(pkg, tree.get(pkg.manifest) ?? '', ws));
  for (const [file, text] of tree) {
    const pkg = packages.find((p) => file.startsWith(`${p.dir}/`));
    if (!pkg || !SOURCE.test(file)) continue;
    for (const { spec, line } of imports(text)) {
      const message = checkImport(file, spec, pkg, ws);
      if (message) breaches.push({ file, line, message });
    }
  }
  for (const cycle of findCycles(ws.graph)) {
    const pkg = ws.byName.get(cycle[0]);
    if (pkg)
      breaches.push({ file: pkg.manifest, line: 1, message: `dependency cycle: ${cycle.join(' → ')}` });
  }
  for (const cycle of findCycles(ws.featureModules)) {
    const names = cycle.map((path) => posix.basename(path)).join(' → ');
    breaches.push({
      file: cycle[0],
      line: 1,
      message: `import cycle in features/${serverFeature(cycle[0])}: ${names}`,
    });
  }
  return breaches.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** The root package.json and, under packages/ and apps/, every package.json and source file. */
export function readTree(root: string): Tree {
  const tree: Tree = new Map([['package.json', readFileSync(join(root, 'package.json'), 'utf8')]]);
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'data'].includes(entry.name) && !entry.name.startsWith('.')) walk(path);
      } else if (SOURCE.test(entry.name) || MANIFEST.test(path)) {
        tree.set(path, readFileSync(join(root, path), 'utf8'));
      }
    }
  };
  for (const top of ['packages', 'apps']) walk(top);
  return tree;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const breaches = lintImports(readTree(fileURLToPath(new URL('..', import.meta.url))));
  for (const b of breaches) console.error(`${b.file}:${b.line}: ${b.message}`);
  process.exit(breaches.length ? 1 : 0);
}
