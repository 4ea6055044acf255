import type { ReactNode } from 'react';
import { Section, StaticPage } from '../../../components/StaticPage.tsx';
import { CONTACT_EMAIL } from '../../../lib/site.ts';

function Faq({ q, children }: { q: string; children: ReactNode }) {
  return (
    <details className="group rounded-lg border border-slate-200 bg-white p-4 open:shadow-sm">
      <summary className="cursor-pointer font-medium text-slate-900 marker:text-amber-600">{q}</summary>
      <div className="mt-2 text-slate-700">{children}</div>
    </details>
  );
}

export function SupportPage() {
  return (
    <StaticPage title="Support" intro={<p>We are here to help you get the most out of every game.</p>}>
      <Section title="Contact support">
        <p>
          Email{' '}
          <a className="font-medium text-amber-700 hover:underline" href={`mailto:${CONTACT_EMAIL}`}>
            {CONTACT_EMAIL}
          </a>{' '}
          and a person will reply within 24 hours on business days. Tell us your username, what you did and
          what you saw; for a game, the game's position (use Export, Copy SBFEN) helps us most.
        </p>
      </Section>
      <Section title="Rules">
        <Faq q="What is a shared box?">
          A square holding two pieces. A strong piece can join one of your pawns that has already moved, or
          capture an enemy strong piece and keep a copy of it. Open Rules on the game screen for all nine
          sections.
        </Faq>
        <Faq q="Why can't my queen join my pawn?">
          The pawn must have left its starting rank, fewer than three boxes may stand on the board, and the
          queen must not have started its move inside a box.
        </Faq>
        <Faq q="What happens when a box is attacked?">
          The pawn is taken first and the strong piece survives in a mixed box with the attacker. A box of two
          strong pieces lets its owner choose which one to sacrifice.
        </Faq>
      </Section>
      <Section title="Account and login">
        <Faq q="I forgot my password.">
          On the sign-in page choose Forgot your password, enter your email and we send you a 6-digit code to
          set a new one.
        </Faq>
        <Faq q="I did not get my verification code.">
          Check your spam folder, then use Send again on the verification card. Codes expire, so always use
          the newest one.
        </Faq>
        <Faq q="Can I change my name, email or phone?">
          Yes: Settings, Profile. Your password is under Security.
        </Faq>
      </Section>
      <Section title="Game features and statistics">
        <Faq q="Can I take back a move?">
          In games against the computer and in local games, Undo and Redo step through the last ten moves. In
          online games every move is final.
        </Faq>
        <Faq q="How are my statistics counted?">
          Your win rate against the computer is wins divided by wins plus losses; drawn games do not lower it.
          Resigned and abandoned games count as decided.
        </Faq>
        <Faq q="What if I stop moving?">
          A game in which the side to move makes no move for 5 minutes is abandoned and the opponent wins. You
          are warned at 60 and at 30 seconds.
        </Faq>
      </Section>
      <Section title="Technical issues">
        <Faq q="The board does not respond.">
          Reload the page: the game is saved after every move. If it persists, try another browser and tell us
          which one failed.
        </Faq>
        <Faq q="I hear no sounds.">
          Check the Sound switch on the game screen; your choice is remembered on this device.
        </Faq>
      </Section>
      <Section title="Getting started">
        <Faq q="How do I start a game?">
          Sign in, press New Game, choose the computer or a local game, your colour and a level, and play. You
          can also start from any position written in SBFEN.
        </Faq>
        <Faq q="How do I move a piece?">
          Click a piece and then one of the marked squares, or drag it. With the keyboard, use the arrow keys
          and press Enter or Space to pick up and put down.
        </Faq>
      </Section>
    </StaticPage>
  );
}
