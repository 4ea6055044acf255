import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { PRODUCT, RULES_BOOK_URL } from '../../../lib/site.ts';

const POINTS = [
  {
    title: 'Two pieces, one square',
    text: 'Move a knight, bishop, rook or queen onto your own advanced pawn and they share the square: a shared box.',
  },
  {
    title: 'Capture and copy',
    text: 'Take an enemy strong piece with one of yours and you keep a copy of it, side by side in one box.',
  },
  {
    title: 'Attacks with a choice',
    text: 'An attack on a box takes the pawn first. Against two strong pieces, the defender decides which one falls.',
  },
  {
    title: 'Three boxes, no more',
    text: 'Both players share a limit of three boxes, so every box you create is a decision.',
  },
];

/** The example board's figure, with what it shows. */
export function ExamplePosition({ children }: { children: React.ReactNode }) {
  return (
    <figure className="mx-auto w-full max-w-sm">
      {children}
      <figcaption className="mt-3 text-center text-sm text-slate-300">
        d3: a white queen shares the square with its pawn. d4: a mixed box, a white bishop beside a black
        pawn.
      </figcaption>
    </figure>
  );
}

/**
 * The signed-out home: what the game is, and the ways in: an account, a game online as a guest, or
 * a room. `showcase` stands beside the title (a live game, or an example position).
 */
export function LandingPage({
  showcase,
  multiplayer,
  playOnline,
}: {
  showcase?: React.ReactNode;
  multiplayer?: React.ReactNode;
  /** The lobby: quick pairing, Create a game and the open games. */
  playOnline?: React.ReactNode;
}) {
  return (
    <main className="flex-1">
      <section className="bg-gradient-to-b from-slate-900 to-slate-800 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
          <div>
            <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{PRODUCT}</h1>
            <p className="mt-4 text-lg text-slate-200 sm:text-xl">
              Chess with one new idea: a square can hold two pieces. Everything else is the game you know.
            </p>
            <p className="mt-3 text-slate-300">
              Play anyone online in seconds, a friend in a private room, the computer at three levels, or a
              friend at your screen.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              {playOnline && (
                <a href="#play-online" className={buttonClass('primary', 'lg')}>
                  Play online
                </a>
              )}
              <Link to="/auth" className={buttonClass(playOnline ? 'inverse' : 'primary', 'lg')}>
                Login
              </Link>
              <Link to="/auth?tab=register" className={buttonClass('inverse', 'lg')}>
                Create Account
              </Link>
              {multiplayer}
            </div>
            <p className="mt-6 text-sm text-slate-300">
              New to shared boxes?{' '}
              <Link to="/learn" className="font-medium text-amber-300 underline-offset-2 hover:underline">
                Learn the rules move by move
              </Link>
              .
            </p>
            <p className="mt-2 text-sm text-slate-300">
              Want the whole story?{' '}
              <a
                href={RULES_BOOK_URL}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-amber-300 underline-offset-2 hover:underline"
              >
                Get the {PRODUCT} rules book
              </a>
              .
            </p>
          </div>
          <div>{showcase}</div>
        </div>
      </section>
      {playOnline && (
        <div id="play-online" className="mx-auto max-w-6xl scroll-mt-4 px-4 pt-10">
          {playOnline}
        </div>
      )}
      <section className="mx-auto max-w-6xl px-4 py-12">
        <h2 className="text-2xl font-bold text-slate-900">How it plays</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {POINTS.map((p) => (
            <li key={p.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="font-semibold text-slate-900">{p.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{p.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
