import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type ZodType } from 'zod';
import { HttpError } from '../errors.ts';

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

/**
 * Every error becomes JSON `{ message }` with its status. Unexpected errors are logged with their
 * stack and answered with a plain 500: no stack trace ever reaches a client.
 */
export function errorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...error.extra });
    }
    // A route schema's failure arrives as the ZodError itself (see zodValidation).
    if (error instanceof ZodError) return reply.status(400).send({ message: describeZodError(error) });
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, too large a body, a wrong content type.
      return reply.status(status).send({ message: clientMessage(error as FastifyError) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error' });
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is not valid JSON';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type; send JSON';
    default:
      return error.message;
  }
}
