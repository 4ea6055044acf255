import type { GameRating, GameResponse, ServerGameState } from '@sbc/api';
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

/** An online game's player as the players panel shows them (components/PlayerName.tsx). */
export interface ShownPlayer {
  name: string;
  /** A guest (or an empty seat) has no profile to link to. */
  isGuest: boolean;
  /** The rating at the game's start, with a rated game's change once it ended. */
  rating: GameRating | null;
  /** This screen's player. */
  you: boolean;
}

/** Each side of an online game: its player's name, profile and rating. */
export function onlinePlayers(game: GameResponse, you: ColorName | null): Record<ColorName, ShownPlayer> {
  const seat = (c: ColorName): ShownPlayer => {
    const id = c === 'white' ? game.whitePlayerId : game.blackPlayerId;
    const username = (c === 'white' ? game.whitePlayer : game.blackPlayer)?.username;
    return {
      name: username ?? capitalize(c),
      isGuest: !username || !id || id.startsWith('guest-'),
      rating: game.ratings[c],
      you: c === you,
    };
  };
  return { white: seat('white'), black: seat('black') };
}
