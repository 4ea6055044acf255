import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

// A figure's command and a doc's link must not rot silently: every command quoted in the docs
// names an npm script or a file of the repository, and every relative link an existing file
// (and heading).

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const read = (path: string) => readFileSync(join(root, path), 'utf8');

type Manifest = { name: string; scripts?: Record<string, string> };
const manifest = (dir: string): Manifest => JSON.parse(read(join(dir, 'package.json')));
const workspaces = ['packages', 'apps'].flatMap((d) =>
  readdirSync(join(root, d)).map((name) => manifest(join(d, name))),
);

/** The text of code spans, fenced blocks and indented blocks: where the docs quote commands. */
function codeOf(markdown: string): string[] {
  const fenced = [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1]);
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  const indented = [...prose.matchAll(/(?:^|\n\n)((?: {4}[^\n]*(?:\n|$))+)/g)].map((m) => m[1]);
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
  return [...fenced, ...indented, ...spans];
}

/** What a command line is missing: an npm script or a file it names that does not exist. */
function missingIn(
  code: string,
  scripts: (workspace?: string) => Record<string, string> | undefined,
  exists: (path: string) => boolean,
): string[] {
  const missing: string[] = [];
  for (const m of code.matchAll(/\bnpm run (?:-s )?([\w:.-]+)((?: -[-\w]+(?: [@\w/.-]+)?)*)/g)) {
    const workspace = /(?:^| )(?:-w|--workspace) ([@\w/.-]+)/.exec(m[2])?.[1];
    if (!scripts(workspace)?.[m[1]]) missing.push(`npm run ${m[1]}${workspace ? ` -w ${workspace}` : ''}`);
  }
  for (const m of code.matchAll(
    /\b(?:npx tsx|tsx(?: watch)?|node(?: --[\w-]+)*|bash) ([\w./-]+\.(?:ts|js|mjs|sh))\b/g,
  )) {
    if (!exists(m[1])) missing.push(m[0]);
  }
  return missing;
}

/** The relative links of a doc that lead nowhere: no such file, or no such heading in it. */
function brokenLinks(doc: string, markdown: string, readDoc: (path: string) => string | undefined): string[] {
  const broken: string[] = [];
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '').replace(/`[^`\n]+`/g, '');
  for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    const [path, anchor] = m[1].split('#');
    if (/^[a-z]+:/i.test(path)) continue;
    const target = path ? join(dirname(doc), path) : doc;
    const text = readDoc(target);
    if (text === undefined) broken.push(m[1]);
    else if (anchor && target.endsWith('.md') && !headingSlugs(text).has(anchor)) broken.push(m[1]);
  }
  return broken;
}

function headingSlugs(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  return new Set([...prose.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slugger.slug(m[1].replace(/`/g, ''))));
}

const rootScripts = manifest('.').scripts;
const scriptsOf = (workspace?: string) =>
  workspace ? workspaces.find((w) => w.name === workspace)?.scripts : rootScripts;
/** A file of the repository, or of a workspace's build output (`apps/server/dist/…`) when it has a build. */
const inRepo = (path: string): boolean => {
  const built = /^(.+?)\/dist\//.exec(path)?.[1];
  return built
    ? Boolean(inRepo(join(built, 'package.json')) && manifest(built).scripts?.build)
    : existsSync(join(root, path));
};
const docText = (path: string) => (inRepo(path) ? read(path) : undefined);

describe('the docs', () => {
  it.each(docs)('%s quotes only commands that exist', (doc) => {
    expect(codeOf(read(doc)).flatMap((code) => missingIn(code, scriptsOf, inRepo))).toEqual([]);
  });

  it.each(docs)('%s links only to files and headings that exist', (doc) => {
    expect(brokenLinks(doc, read(doc), docText)).toEqual([]);
  });

  it('finds a command that names no script or file, and a link that leads nowhere', () => {
    const doc = [
      '    npm run -s bench:nothing',
      '',
      'Run `npx tsx scripts/no-such-bench.ts --runs 2`, `npm run build -w @sbc/nothing` and `npm run -s perft`.',
      'See [nowhere](nowhere.md), [a heading](architecture.md#no-such-heading) and [one](architecture.md#1-the-workspace).',
    ].join('\n');
    expect(codeOf(doc).flatMap((code) => missingIn(code, scriptsOf, inRepo))).toEqual([
      'npm run bench:nothing',
      'npx tsx scripts/no-such-bench.ts',
      'npm run build -w @sbc/nothing',
    ]);
    expect(brokenLinks('docs/x.md', doc, docText)).toEqual(['nowhere.md', 'architecture.md#no-such-heading']);
  });
});
