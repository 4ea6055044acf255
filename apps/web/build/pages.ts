import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';

const ROOT = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;

/** What every document preloads besides the entry: the app, which src/main.tsx imports. */
const APP = '/src/app/start.tsx';
/** The pages whose document also preloads their code: the module a route loads (src/app/routes.tsx). */
const PAGES = {
  landing: '/src/app/landing.tsx',
  home: '/src/app/home.tsx',
  game: '/src/features/game/pages.ts',
};

/** The files of a chunk loaded on demand and of everything it imports. */
function chunkFiles(bundle: Rolldown.OutputBundle, module: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
  const start = chunks.find((c) => c.facadeModuleId?.endsWith(module));
  if (!start) throw new Error(`no chunk for ${module}`);
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const dep of (bundle[file] as Rolldown.OutputChunk).imports) visit(dep);
  };
  visit(start.fileName);
  return [...files];
}

/**
 * After the build, writes the documents the server sends (apps/server/src/features/web/routes.ts),
 * each with the stylesheet inline, so that it paints before any script has loaded:
 * - index.html, any page: the page frame with the spinner, which the app then renders over;
 * - home.html and game.html, the signed-in home and a game: index.html that also preloads the
 *   page's code, which src/app/start.tsx waits for before the first render (`data-page`);
 * - landing.html, a visitor's `/`: the landing page already rendered (src/app/prerender.tsx), which
 *   the app hydrates; its scripts, needed only for that, load at low priority.
 */
export function pages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sbc:pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(_options, bundle) {
      const outDir = join(config.root, config.build.outDir);
      const built = await readFile(join(outDir, 'index.html'), 'utf8');
      const stylesheet = STYLESHEET.exec(built);
      if (!stylesheet || !built.includes(ROOT)) throw new Error('index.html: no stylesheet or no #root');
      const css = await readFile(join(outDir, stylesheet[1]), 'utf8');
      const shell = built.replace(stylesheet[0], () => `<style>${css}</style>`);
      /** The shell with `root` in place of the empty #root, preloading the app and the code of `page`. */
      const document = (root: string, page?: keyof typeof PAGES) => {
        const files = new Set([...chunkFiles(bundle, APP), ...(page ? chunkFiles(bundle, PAGES[page]) : [])]);
        const links = [...files]
          .filter((f) => !shell.includes(`/${f}"`))
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
        return shell.replace(ROOT, root).replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      };

      // The app's own modules, rendered through Vite's SSR loader with this same config.
      const server = await createServer({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { renderLanding, renderLoading } = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
          renderLanding: () => Promise<string>;
          renderLoading: () => string;
        };
        const loading = renderLoading();
        const landing = document(
          `<div id="root" data-page="landing" data-hydrate>${await renderLanding()}</div>`,
          'landing',
        ).replace(
          /<(script type="module"|link rel="modulepreload") crossorigin/g,
          '<$1 fetchpriority="low" crossorigin',
        );
        await writeFile(join(outDir, 'index.html'), document(`<div id="root">${loading}</div>`));
        await writeFile(join(outDir, 'landing.html'), landing);
        for (const page of ['home', 'game'] as const) {
          await writeFile(
            join(outDir, `${page}.html`),
            document(`<div id="root" data-page="${page}">${loading}</div>`, page),
          );
        }
      } finally {
        await server.close();
      }
    },
  };
}
