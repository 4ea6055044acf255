/**
 * Zobrist keys, 64 bits as two 32-bit halves. A square is keyed by its whole content
 * (`first * 16 + second`, the box written in canonical order), so a box of two identical pieces
 * hashes differently from one piece, and a content change is one XOR out and one XOR in.
 */

function splitmix32(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
}

const next = splitmix32(0x5b0c5b0c);
/** `n` keys in a row (a plain loop: `Int32Array.from` with a callback is many times slower). */
function table(n: number): Int32Array {
  const keys = new Int32Array(n);
  for (let i = 0; i < n; i++) keys[i] = next();
  return keys;
}

/**
 * Square content keys, both halves side by side (`(sq * 256 + content) * 2`, then `+ 1`), so that
 * a content change reads one cache line per content, not two; content 0 (empty) keys to 0.
 */
export const Z_SQUARE = new Int32Array(128 * 256 * 2);
{
  const lo = table(128 * 256);
  const hi = table(128 * 256);
  for (let i = 0; i < 128 * 256; i++) {
    Z_SQUARE[2 * i] = (i & 255) === 0 ? 0 : lo[i];
    Z_SQUARE[2 * i + 1] = (i & 255) === 0 ? 0 : hi[i];
  }
}
export const Z_TURN_LO = next();
export const Z_TURN_HI = next();
/** Indexed by the 4-bit castling-rights mask. */
export const Z_CASTLING_LO = table(16);
export const Z_CASTLING_HI = table(16);
/** Indexed by file; only present while an en passant capture is legal. */
export const Z_EP_LO = table(8);
export const Z_EP_HI = table(8);
/** A pending defender choice, indexed `sq * 16 + attacker`. */
export const Z_PENDING_LO = table(128 * 16);
export const Z_PENDING_HI = table(128 * 16);
