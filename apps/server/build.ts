/**
 * Bundles the server for plain `node` into dist/: main.js (the server) and admin.js (the admin
 * command). The workspace packages are inlined, as they ship TypeScript sources that Node does not
 * run; every npm package stays in node_modules.
 *
 *   npm run build -w @sbc/server
 */
import { build, type Plugin } from 'esbuild';

const npmExternal: Plugin = {
  name: 'npm-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@sbc/') ? undefined : { external: true },
    );
  },
};

await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: { main: 'src/main.ts', admin: 'src/cli/admin.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [npmExternal],
  logLevel: 'warning',
});
