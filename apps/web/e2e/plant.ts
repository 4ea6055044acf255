import { parseMoveText } from '@sbc/game';
import type { APIRequestContext } from 'playwright-core';

/**
 * Plants a finished local game through the API (docs/api.md §5) for the signed-in user of
 * `request`: its moves as move text (docs/rules.md, appendix), then the side to move resigns.
 * Resolves to the game's id.
 */
export async function plantGame(
  request: APIRequestContext,
  base: string,
  moves: readonly string[],
  fen?: string,
): Promise<string> {
  const headers = { Origin: base };
  const send = async (path: string, data?: object) => {
    const res = await request.post(`${base}/api${path}`, { headers, data });
    if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
    return res.json() as Promise<{ id: string }>;
  };
  const { id } = await send('/games', fen ? { fen } : {});
  for (const text of moves) {
    const intention = parseMoveText(text);
    if (!intention.ok) throw new Error(intention.error.message);
    await send(
      'sacrifice' in intention.value ? `/games/${id}/choice` : `/games/${id}/moves`,
      intention.value,
    );
  }
  await send(`/games/${id}/resign`);
  return id;
}
