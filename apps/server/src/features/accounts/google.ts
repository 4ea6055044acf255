import type { GoogleLoginResponse } from '@sbc/api';
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { HttpError } from '../../errors.ts';
import { BLOCKED } from './sign-in.ts';
import { googleAccount, signIn } from './users.ts';

/** The state, nonce and PKCE verifier of one sign-in, between /login and /callback. */
const FLOW_COOKIE = 'sbc_google';
const Flow = z.object({ state: z.string(), nonce: z.string(), verifier: z.string() });
const FLOW_MINUTES = 10;

const NOT_CONFIGURED = 'Google sign-in is not configured on this server';
const FAILED = 'Google sign-in failed. Please try again.';

/** Plain http is refused except for an issuer on this machine (tests, a local provider). */
function discover(config: Config): Promise<oidc.Configuration> {
  const issuer = new URL(config.GOOGLE_ISSUER);
  const local = issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
  return oidc.discovery(
    issuer,
    config.GOOGLE_CLIENT_ID!,
    config.GOOGLE_CLIENT_SECRET,
    undefined,
    local ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
}

/** Google sign-in: OpenID Connect authorization code flow with PKCE, state and nonce. */
export async function googleRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.services;
  const redirectUri = `${config.publicUrl}/api/google/callback`;
  const cookie = {
    path: '/api/google',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.NODE_ENV === 'production',
  } as const;

  // Discovered once; a failure is forgotten so that the next sign-in tries again.
  let provider: Promise<oidc.Configuration> | undefined;
  const client = () => {
    provider ??= discover(config).catch((error) => {
      provider = undefined;
      throw error;
    });
    return provider;
  };

  app.get('/api/google/login', async (request, reply): Promise<GoogleLoginResponse> => {
    if (!config.GOOGLE_CLIENT_ID) throw new HttpError(503, NOT_CONFIGURED);
    const configuration = await client().catch((err) => {
      request.log.error({ err }, 'OpenID discovery failed');
      throw new HttpError(503, 'Google sign-in is unavailable right now. Please try again later.');
    });
    const flow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
    };
    const authUrl = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    reply.setCookie(FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
      ...cookie,
      maxAge: FLOW_MINUTES * 60,
    });
    return { authUrl: authUrl.href };
  });

  // A browser navigation, so failures go back to the sign-in page with a message, not as JSON.
  app.get('/api/google/callback', async (request, reply) => {
    const flow = readFlow(request.cookies[FLOW_COOKIE]);
    reply.clearCookie(FLOW_COOKIE, { path: cookie.path });
    const fail = (message: string) => reply.redirect(`/auth?error=${encodeURIComponent(message)}`);
    if (!config.GOOGLE_CLIENT_ID) return fail(NOT_CONFIGURED);
    if (!flow) return fail('Google sign-in expired. Please try again.');
    try {
      const configuration = await client();
      const tokens = await oidc.authorizationCodeGrant(
        configuration,
        new URL(request.url, config.publicUrl),
        {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        },
      );
      let claims = tokens.claims()!;
      // Some providers keep the email out of the ID token; it is then at the userinfo endpoint.
      if (claims.email === undefined) {
        claims = { ...claims, ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)) };
      }
      const user = await googleAccount(app, claims);
      if (user.isBlocked) return fail(BLOCKED);
      await signIn(app, request, reply, user.id);
      return reply.redirect('/');
    } catch (error) {
      request.log.warn({ err: error }, 'Google sign-in failed');
      return fail(error instanceof HttpError ? error.message : FAILED);
    }
  });
}

function readFlow(value: string | undefined) {
  try {
    return Flow.parse(JSON.parse(Buffer.from(value ?? '', 'base64url').toString()));
  } catch {
    return undefined;
  }
}
