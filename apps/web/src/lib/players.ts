import type { GameResponse, ServerGameState } from '@sbc/api';
import { capitalize } from '@sbc/game';
import { type ColorName, opponent } from '@sbc/rules';

/** The names shown for each side. */
export function playerNames(
  server: GameResponse | undefined,
  state: ServerGameState,
): Record<ColorName, string> {
  const level = capitalize(state.aiDifficulty);
  const name = (c: ColorName) =>
    c === 'white' ? server?.whitePlayer?.username : server?.blackPlayer?.username;
  if (state.isComputerGame) {
    const human = state.humanPlayer;
    const computer = opponent(human);
    return { [human]: name(human) ?? 'You', [computer]: `Computer (${level})` } as Record<ColorName, string>;
  }
  if (state.mode === 'local') return { white: 'White', black: 'Black' };
  return { white: name('white') ?? 'White', black: name('black') ?? 'Black' };
}
