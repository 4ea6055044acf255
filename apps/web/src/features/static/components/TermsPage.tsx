import { Section, StaticPage } from '../../../components/StaticPage.tsx';
import { CONTACT_EMAIL, LEGAL_UPDATED, PRODUCT } from '../../../lib/site.ts';

export function TermsPage() {
  return (
    <StaticPage
      title="Terms of Service"
      updated={LEGAL_UPDATED}
      intro={<p>By using {PRODUCT} you agree to these terms. Please read them; they are short.</p>}
    >
      <Section title="Your account">
        <p>
          One person, one account. Multiple accounts and shared accounts are prohibited. Keep your password to
          yourself; you are responsible for what happens under your account.
        </p>
      </Section>
      <Section title="Fair play">
        <ul className="list-disc space-y-2 pl-6">
          <li>Bots and engine assistance are banned in games against other people.</li>
          <li>
            The system's move validation is final: a move the game refuses is not a legal move, and results
            are recorded automatically.
          </li>
          <li>
            The rules are those of the in-game Rules dialog: at most 3 shared boxes on the board in total for
            both players, and when a shared box is attacked a pawn is always eliminated first; the strong
            piece can be captured on a later attack.
          </li>
          <li>A game without a move for 5 minutes is abandoned and lost by the player who had to move.</li>
        </ul>
      </Section>
      <Section title="Acceptable use">
        <p>
          Do not abuse other players, post unlawful content in feedback or names, or try to disrupt, probe or
          overload the service. We may suspend accounts that break these terms.
        </p>
      </Section>
      <Section title="Sponsorship">
        <p>
          Sponsorships are voluntary contributions made through external payment providers. They buy no
          advantage in play.
        </p>
      </Section>
      <Section title="Liability">
        <p>
          The service is provided as it is. To the extent the law allows, our liability for any claim is
          capped at the amount you paid us in the twelve months before the claim.
        </p>
      </Section>
      <Section title="Changes and contact">
        <p>
          We may update these terms and will change the date above when we do. Inquiries to{' '}
          <a className="font-medium text-amber-700 hover:underline" href={`mailto:${CONTACT_EMAIL}`}>
            {CONTACT_EMAIL}
          </a>{' '}
          are answered within 5 business days.
        </p>
      </Section>
    </StaticPage>
  );
}
