import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles, lintImports, readTree, type Tree } from './lint-imports.ts';

const manifest = (name: string, fields: Record<string, unknown> = {}) =>
  JSON.stringify({ name, ...fields }, null, 2);

/** A small workspace that keeps every rule, plus `files`. */
function workspace(files: Record<string, string> = {}): Tree {
  return new Map(
    Object.entries({
      'package.json': JSON.stringify({ devDependencies: { vitest: '*' } }),
      'packages/rules/package.json': manifest('@sbc/rules'),
      'packages/rules/src/index.ts': "export * from './sbfen.ts';\n",
      'packages/ai/package.json': manifest('@sbc/ai', {
        exports: { '.': './src/index.ts', './browser': './src/browser.ts' },
        dependencies: { '@sbc/rules': '*' },
      }),
      'packages/ai/src/index.ts': "import { parseSbfen } from '@sbc/rules';\n",
      'apps/server/package.json': manifest('@sbc/server', {
        exports: { '.': './src/app.ts', './testing': './test/helpers.ts' },
        dependencies: { '@sbc/rules': '*' },
      }),
      'apps/server/src/app.ts': "import { adminRoutes } from './features/admin/routes.ts';\n",
      'apps/server/src/common/paging.ts': "import type { Db } from '../db/connect.ts';\n",
      'apps/server/src/features/games/admin.ts': [
        "import { recordAudit } from '../../common/audit.ts';",
        "import { findByUsername } from '../accounts/users.ts';",
        "import { gamePage } from './paging.ts';",
      ].join('\n'),
      'apps/server/src/features/games/paging.ts': "import { countGames } from './store.ts';\n",
      'apps/web/package.json': manifest('@sbc/web', {
        dependencies: { '@sbc/ai': '*', '@sbc/rules': '*', react: '*' },
        devDependencies: { '@sbc/server': '*' },
      }),
      'apps/web/src/app/routes.tsx': "const game = () => import('../features/game/pages.ts');\n",
      'apps/web/src/features/home/Home.tsx': [
        "import { useState } from 'react';",
        "import { Board } from '../game/index.ts';",
        "import { cn } from '../../lib/cn.ts';",
        "import { engine } from '@sbc/ai/browser';",
      ].join('\n'),
      'apps/web/e2e/support.ts':
        "import { startServer } from '@sbc/server/testing';\nimport { it } from 'vitest';\n",
      ...files,
    }),
  );
}

const breaches = (files: Record<string, string>) =>
  lintImports(workspace(files)).map((b) => `${b.file}:${b.line}: ${b.message}`);

describe('lint-imports', () => {
  it('passes a workspace that keeps the rules', () => {
    expect(lintImports(workspace())).toEqual([]);
  });

  it('finds an import of an undeclared package', () => {
    expect(breaches({ 'packages/rules/src/sbfen.ts': "\nimport { z } from 'zod';\n" })).toEqual([
      "packages/rules/src/sbfen.ts:2: 'zod' is not a dependency of @sbc/rules",
    ]);
  });

  it('keeps the packages one way: a package below may not import one above', () => {
    const found = breaches({
      'packages/rules/package.json': manifest('@sbc/rules', { dependencies: { '@sbc/ai': '*' } }),
      'packages/rules/src/search.ts': "import { Engine } from '@sbc/ai';\n",
    });
    expect(found).toEqual([
      'packages/ai/package.json:1: dependency cycle: @sbc/ai → @sbc/rules → @sbc/ai',
      'packages/rules/package.json:4: @sbc/rules may not depend on @sbc/ai',
      'packages/rules/src/search.ts:1: @sbc/rules may not import @sbc/ai',
    ]);
  });

  it('lets only test code start the server', () => {
    expect(breaches({ 'apps/web/src/lib/server.ts': "import '@sbc/server/testing';\n" })).toEqual([
      'apps/web/src/lib/server.ts:1: @sbc/web may not import @sbc/server',
    ]);
  });

  it('finds a subpath that the package does not export', () => {
    expect(
      breaches({ 'apps/web/src/lib/search.ts': "import { search } from '@sbc/ai/src/search.ts';\n" }),
    ).toEqual(["apps/web/src/lib/search.ts:1: @sbc/ai does not export './src/search.ts'"]);
  });

  it('finds a relative import that climbs out of its package', () => {
    expect(
      breaches({ 'apps/web/e2e/server.ts': "import { startServer } from '../../server/test/helpers.ts';\n" }),
    ).toEqual([
      "apps/web/e2e/server.ts:1: '../../server/test/helpers.ts' climbs out of apps/web: import the package",
    ]);
  });

  it("lets the web app show the project's docs, and nothing else out of its package", () => {
    expect(
      breaches({
        'apps/web/src/features/game/Rules.tsx':
          "import rules from '../../../../../docs/rules.md?raw';\nimport x from '../../../../../docs/x.ts';\n",
      }),
    ).toEqual([
      "apps/web/src/features/game/Rules.tsx:2: '../../../../../docs/x.ts' climbs out of apps/web: import the package",
    ]);
  });

  it('keeps the web features apart', () => {
    expect(
      breaches({
        'apps/web/src/features/home/History.tsx': "import { Board } from '../game/components/Board.tsx';\n",
        'apps/web/src/features/home/Menu.tsx': "import { routes } from '../../app/routes.tsx';\n",
        'apps/web/src/lib/http.ts': "import { useSession } from '../features/auth/index.ts';\n",
        'apps/web/src/app/prerender.tsx': "import { SESSION } from '../features/auth/api/session.ts';\n",
      }),
    ).toEqual([
      "apps/web/src/app/prerender.tsx:1: '../features/auth/api/session.ts': features/auth is entered only through index.ts or pages.ts",
      "apps/web/src/features/home/History.tsx:1: '../game/components/Board.tsx': features/game is entered only through index.ts or pages.ts",
      "apps/web/src/features/home/Menu.tsx:1: '../../app/routes.tsx': features/home may import only components/, lib/, its own folder and other features' index.ts or pages.ts",
      "apps/web/src/lib/http.ts:1: '../features/auth/index.ts': shared lib/ imports no feature (features/auth)",
    ]);
  });

  it("keeps the server's features one way: a feature may not import one above it", () => {
    expect(
      breaches({
        'apps/server/src/features/feedback/store.ts': "import { pageNewest } from '../admin/paging.ts';\n",
        'apps/server/src/features/health/routes.ts': "import { findGameRow } from '../games/store.ts';\n",
        'apps/server/src/features/admin/stats.ts': "import { countGames } from '../games/store.ts';\n",
        'apps/server/src/features/billing/routes.ts':
          "import { findByUsername } from '../accounts/users.ts';\n",
      }),
    ).toEqual([
      "apps/server/src/features/billing/routes.ts:1: '../accounts/users.ts': features/billing has no place in SERVER_FEATURES",
      "apps/server/src/features/feedback/store.ts:1: '../admin/paging.ts': features/feedback may import only the features below it (health, accounts, ratings), not features/admin",
      "apps/server/src/features/health/routes.ts:1: '../games/store.ts': features/health may import only the features below it (none), not features/games",
    ]);
  });

  it("keeps the server's shared code free of features, but for what assembles them", () => {
    expect(
      breaches({
        'apps/server/src/plugins/session.ts':
          "import type { UserRow } from '../features/accounts/users.ts';\n",
        'apps/server/src/common/audit.ts': "import { listAudit } from '../features/admin/audit.ts';\n",
        'apps/server/src/cli/admin-command.ts': "import { setAdmin } from '../features/accounts/users.ts';\n",
      }),
    ).toEqual([
      "apps/server/src/common/audit.ts:1: '../features/admin/audit.ts': shared common/ imports no feature (features/admin)",
      "apps/server/src/plugins/session.ts:1: '../features/accounts/users.ts': shared plugins/ imports no feature (features/accounts)",
    ]);
  });

  it("finds an import cycle among a server feature's modules", () => {
    expect(
      breaches({
        'apps/server/src/features/games/store.ts': "import type { GameChanges } from './save.ts';\n",
        'apps/server/src/features/games/save.ts': "import type { GameRow } from './store.ts';\n",
      }),
    ).toEqual([
      'apps/server/src/features/games/save.ts:1: import cycle in features/games: save.ts → store.ts → save.ts',
    ]);
  });

  it("passes the repository's own sources, and fails them with an upward import planted in a feature", () => {
    const tree = readTree(fileURLToPath(new URL('..', import.meta.url)));
    expect(lintImports(tree)).toEqual([]);
    const games = 'apps/server/src/features/games/paging.ts';
    tree.set(games, `import { pageNewest } from '../admin/paging.ts';\n${tree.get(games)}`);
    expect(lintImports(tree).map((b) => `${b.file}:${b.line}: ${b.message}`)).toEqual([
      `${games}:1: '../admin/paging.ts': features/games may import only the features below it (health, accounts, ratings, feedback), not features/admin`,
    ]);
  });

  it('finds each cycle once', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c', 'a'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['a', 'b', 'a'],
    ]);
  });
});
