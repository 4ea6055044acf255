import { Section, StaticPage } from '../../../components/StaticPage.tsx';
import { CONTACT_EMAIL, PRODUCT } from '../../../lib/site.ts';

export function AboutPage() {
  return (
    <StaticPage
      title={`About ${PRODUCT}`}
      intro={<p>Chess you already know, with one new idea: a square can hold two pieces at once.</p>}
    >
      <Section title="What the variant is">
        <p>
          {PRODUCT} is ordinary chess on an ordinary board, with castling, en passant, promotion, check and
          mate exactly as you know them. The difference is the <strong>shared box</strong>: a square that
          holds two pieces. Boxes change how pieces defend each other, how attacks land and how an ending is
          won, yet the game still fits in your head after one read of the rules.
        </p>
        <p>
          You can play the computer at three levels (easy, medium and hard), play a friend sitting next to
          you, or invite someone to a private online room.
        </p>
      </Section>
      <Section title="How shared boxes work">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            A strong piece (knight, bishop, rook or queen) may move onto one of its own pawns once that pawn
            has left its starting rank. The two now share the square.
          </li>
          <li>
            A strong piece that captures an enemy strong piece keeps a copy of it: the square becomes a box of
            two of your own strong pieces.
          </li>
          <li>
            Attacking an enemy box takes the pawn first; the strong piece survives and now shares the square
            with your attacker. When a box holds two strong pieces, the defender chooses which one to give up.
          </li>
          <li>
            At most three boxes stand on the board at once, counting both players. Kings never join a box.
          </li>
        </ul>
      </Section>
      <Section title="Our mission">
        <p>
          We want to give chess players something fresh without taking away what they love. Every rule is
          checked by the same engine on your screen and on our server, so a move is either legal everywhere or
          nowhere, and every result is recorded fairly. The game is free to play; sponsors keep it that way.
        </p>
      </Section>
      <Section title="Contact">
        <p>
          Questions, ideas or a bug to report? Write to{' '}
          <a className="font-medium text-amber-700 hover:underline" href={`mailto:${CONTACT_EMAIL}`}>
            {CONTACT_EMAIL}
          </a>
          .
        </p>
      </Section>
    </StaticPage>
  );
}
