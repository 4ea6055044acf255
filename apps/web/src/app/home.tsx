import type { User } from '@sbc/api';
import { lazy, Suspense } from 'react';
import { Board } from '../features/game/index.ts';
import { HomePage } from '../features/home/pages.ts';
import { FeaturedGame, LobbyLive, PlayOnline } from '../features/lobby/index.ts';
import { MultiplayerButton } from './multiplayer.tsx';
import { renderThumb } from './thumbs.tsx';

const RulesDialog = lazy(() => import('../features/game/pages.ts').then((m) => ({ default: m.RulesDialog })));

/**
 * The signed-in home, given the game feature's Rules dialog and replay board, the rooms' Multiplayer
 * button and the lobby's Play online with the featured game.
 */
export function Home({ user }: { user: User }) {
  return (
    <LobbyLive featured>
      <HomePage
        user={user}
        rulesDialog={(open, set) => (
          // The home shows at once; the dialog's code (the game screen's) loads meanwhile.
          <Suspense fallback={null}>
            <RulesDialog open={open} onOpenChange={set} />
          </Suspense>
        )}
        multiplayer={<MultiplayerButton variant="outline" size="sm" />}
        playOnline={<PlayOnline aside={<FeaturedGame renderBoard={renderThumb} />} />}
        renderBoard={(state) => (
          <Board
            board={state.board}
            orientation="white"
            turn={state.currentPlayer}
            moves={[]}
            lastMove={state.lastMove}
            label="Replay board"
          />
        )}
      />
    </LobbyLive>
  );
}
