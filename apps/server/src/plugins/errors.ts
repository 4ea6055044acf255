import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type ZodType } from 'zod';
import { HttpError } from '../errors.ts';
import { redisRefusal } from '../redis.ts';

/** One line naming each bad field: `username: Username must be at least 3 characters`. */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/**
 * Route schemas are zod schemas: Fastify validates `body`, `params` and `querystring` with them, and
 * the handler receives the parsed (and transformed) value.
 */
export function zodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => (data) => {
    const result = (schema as ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: result.error as unknown as Error };
  });
}

/** Fastify's refusals of a request, by code, in docs/api.md's words. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body does not match its Content-Length',
  FST_ERR_BAD_URL: 'Request path is not a valid URL',
  FST_ERR_MAX_PARAM_LENGTH: 'Request path is too long',
};

/** Another client error's text may name internals (a path, a parser): its status's name stands in. */
const clientMessage = (error: FastifyError, status: number) =>
  FRAMEWORK_MESSAGES[error.code] ?? STATUS_CODES[status] ?? 'Bad Request';

/**
 * Every error becomes JSON `{ message }` (plus `code` for a refusal of the rules or the game) with
 * its status. Redis not answering is a 503 (redis.ts). Unexpected errors are logged with their stack
 * and answered with a plain 500: no stack trace ever reaches a client.
 */
export function answerError(
  error: FastifyError | HttpError | ZodError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const send = (known: HttpError) =>
    reply.status(known.statusCode).send({ message: known.message, ...known.extra });
  if (error instanceof HttpError) return send(error);
  const unavailable = redisRefusal(error);
  if (unavailable) {
    request.log.warn({ err: error }, 'Redis did not answer');
    return send(unavailable);
  }
  // A route schema's failure arrives as the ZodError itself (see zodValidation).
  if (error instanceof ZodError) return reply.status(400).send({ message: describeZodError(error) });
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) {
    return reply.status(status).send({ message: clientMessage(error, status) });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ message: 'Internal server error' });
}

/** Fastify's `frameworkErrors` (a bad URL, an over-long parameter) run no hooks: no-store here too. */
export const answerFrameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
  answerError(error, request, reply.header('cache-control', 'no-store'));

/** A request Node's parser refuses never reaches Fastify: the same shape, written on the socket. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ message: STATUS_CODES[status] });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
