import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { forbidden } from '../errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers with a CSP the web app passes (its own scripts, styles, images and WebSocket;
 * Google's sign-in is a top-level navigation, so it needs no exception), and an Origin check on
 * every state-changing request: a browser always sends Origin there, so a foreign one is refused.
 */
export async function security(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        mediaSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.NODE_ENV === 'production',
  });

  app.addHook('onRequest', async (request) => {
    if (UNSAFE.has(request.method)) refuseForeignOrigin(request, config);
  });
}

/** 403 for a browser's request from another site: the app's own origin is PUBLIC_URL's or the host's. */
export function refuseForeignOrigin(request: FastifyRequest, config: Config): void {
  const origin = request.headers.origin;
  if (origin === undefined) return; // not a browser (curl, server-to-server): cookies are the guard
  const host = request.headers.host;
  const own = [new URL(config.publicUrl).origin, ...(host ? [`http://${host}`, `https://${host}`] : [])];
  if (!own.includes(origin)) throw forbidden('Cross-origin request refused');
}
