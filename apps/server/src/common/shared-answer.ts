import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
const compressors: Record<Encoding, (text: string) => Buffer> = {
  br: (text) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (text) => gzipSync(text),
};

interface Encoded {
  json: string;
  compressed: Partial<Record<Encoding, Buffer>>;
}

/**
 * Sends an answer many requests share (the leaderboards, kept for seconds and read by every
 * visitor of /players) serialized and compressed once per value, not once per request as the
 * compression plugin would: it skips an answer that names its encoding.
 */
export function sharedAnswer<T extends object>(): (
  request: FastifyRequest,
  reply: FastifyReply,
  value: T,
) => FastifyReply {
  const encoded = new WeakMap<T, Encoded>();
  return (request, reply, value) => {
    let kept = encoded.get(value);
    if (!kept) {
      kept = { json: JSON.stringify(value), compressed: {} };
      encoded.set(value, kept);
    }
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const accepted = request.headers['accept-encoding'];
    const encoding = accepted ? negotiate(accepted, ENCODINGS) : null;
    if (!encoding) return reply.send(kept.json);
    kept.compressed[encoding] ??= compressors[encoding](kept.json);
    return reply.header('content-encoding', encoding).send(kept.compressed[encoding]);
  };
}
