import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPage } from '@sbc/api';
import type { FastifyInstance } from 'fastify';
import { WEB_DIST } from '../../paths.ts';
import { publicUser } from '../accounts/users.ts';

/** Built files under /assets have a content hash in their name: a browser may keep them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The pages carry the signed-in user: never kept by a shared cache, always asked for again. */
export const PAGE_CACHE = 'private, no-cache';
/** Where a page takes what only the server knows (see apps/web/index.html). */
export const PAGE_DATA_MARK = '<!--page-data-->';

/** The documents of the build (apps/web/build/pages.ts): `index.html` for any page, and for a few the better one. */
type Documents = Record<'index' | 'landing' | 'home' | 'game', string>;

function readDocuments(root: string): Documents | null {
  const read = (name: string) => {
    const file = join(root, `${name}.html`);
    return existsSync(file) ? readFileSync(file, 'utf8') : null;
  };
  const index = read('index');
  if (index === null) return null;
  if (!index.includes(PAGE_DATA_MARK)) throw new Error(`${root}/index.html has no ${PAGE_DATA_MARK} mark`);
  return {
    index,
    landing: read('landing') ?? index,
    home: read('home') ?? index,
    game: read('game') ?? index,
  };
}

/** JSON inside a <script> element: `<` escaped, so that no `</script>` or `<!--` can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const GAME_PAGE = /^\/game\/([0-9a-f-]{36})$/;

/**
 * Serves the built web app: the files (their precompressed twins when the browser accepts them,
 * hashed assets cached for a year) and the pages of the app. A page carries the session's user,
 * so that the app starts without asking for it; a visitor's `/` is the landing page already
 * rendered; a game page already fetches its game. A path that is no page of the app gets the same
 * document (which shows the not-found page) with status 404; an `/api` path that no route answers,
 * or another method, gets a JSON 404.
 */
export async function webRoutes(app: FastifyInstance, options: { root?: string }): Promise<void> {
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));
  const root = options.root ?? WEB_DIST;
  const documents = readDocuments(root);
  if (!documents) return;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The pages are answered below; `.br` and `.gz` files are served in place of their original.
    globIgnore: ['*.html', '**/*.br', '**/*.gz'],
    setHeaders: (reply, path) => {
      if (path.startsWith(join(root, 'assets'))) reply.header('cache-control', IMMUTABLE);
    },
  });

  // Every other GET is a page of the app: a route of its own, so that its answer is compressed.
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (path.startsWith('/api/')) return reply.callNotFound();
    await app.services.sessions.load(request);
    const user = request.user ? publicUser(request.user) : null;
    const game = user && GAME_PAGE.exec(path)?.[1];
    const html =
      path === '/' ? (user ? documents.home : documents.landing) : game ? documents.game : documents.index;
    const data = [
      `<script type="application/json" id="session">${scriptJson(user)}</script>`,
      // The same request as the game screen's (credentials included), which then finds it done.
      game && `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/games/${game}">`,
    ];
    return reply
      .status(isPage(path) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', PAGE_CACHE)
      .send(html.replace(PAGE_DATA_MARK, data.filter(Boolean).join('\n    ')));
  });
}
