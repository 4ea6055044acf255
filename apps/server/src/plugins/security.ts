import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { forbidden } from '../errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const API = /^\/api(\/|\?|$)/;

/** Browser features the app never uses, denied to its pages and whatever they embed. */
const PERMISSIONS_POLICY =
  'accelerometer camera display-capture geolocation gyroscope hid magnetometer microphone midi payment serial usb'
    .split(' ')
    .map((feature) => `${feature}=()`)
    .join(', ');

/** The site's own WebSocket origin: wss: for an https site, ws: for plain-http development. */
const webSocketOrigin = (publicUrl: string) => {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
};

/**
 * Security headers with a CSP the web app passes (its own scripts, styles, images and WebSocket;
 * Google's sign-in is a top-level navigation, so it needs no exception), a Permissions-Policy,
 * no caching of API answers (docs/api.md, Conventions), and an Origin check on
 * every state-changing request: a browser always sends Origin there, so a foreign one is refused.
 */
export function security(app: FastifyInstance, config: Config): void {
  // Helmet's middleware, built once: @fastify/helmet builds it again for every request, its CSP
  // parsed each time, a cost the profile of a guest's call and a socket's upgrade showed.
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", webSocketOrigin(config.publicUrl)],
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
  app.addHook('onRequest', (request, reply, done) =>
    headers(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );

  // Answers under /api carry personal data: no cache, shared or private, keeps them.
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (API.test(request.url)) reply.header('cache-control', 'no-store');
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
