import { Game } from '@sbc/game';
import { AfterFirstPaint } from '../components/AfterFirstPaint.tsx';
import { Board } from '../features/game/index.ts';
import { FeaturedGame, LobbyLive, PlayOnline } from '../features/lobby/index.ts';
import { ExamplePosition, LandingPage } from '../features/static/index.ts';
import { MultiplayerButton } from './multiplayer.tsx';
import { renderThumb } from './thumbs.tsx';

/** A position for the landing page: a mixed box on d4 (white bishop, black pawn) and a white pawn box (queen and pawn) on d3. */
const PREVIEW_SBFEN = 'r1bqk1nr/pppp1ppp/2n5/8/3(Bp)4/2N(PQ)4/PPP2PPP/R1B1KB1R b KQkq - 2 6';
const preview = (() => {
  const g = Game.create({ sbfen: PREVIEW_SBFEN });
  return g.ok ? g.value.state() : undefined;
})();

/**
 * The signed-out home: the featured live game when there is one, else a board that shows the
 * shared boxes; and the lobby to play online as a guest.
 */
export function Landing() {
  const example = preview && (
    <ExamplePosition>
      <Board
        board={preview.board}
        orientation="white"
        turn="white"
        moves={[]}
        label="Example position: a mixed shared box on d4 and a white pawn box on d3"
      />
    </ExamplePosition>
  );
  return (
    <LobbyLive featured>
      <LandingPage
        multiplayer={<MultiplayerButton variant="inverse" size="lg" />}
        showcase={<FeaturedGame renderBoard={renderThumb} fallback={example} />}
        playOnline={
          // Below the first screen on a phone: its tiles and list render once the page has painted.
          <AfterFirstPaint>
            <PlayOnline />
          </AfterFirstPaint>
        }
      />
    </LobbyLive>
  );
}
