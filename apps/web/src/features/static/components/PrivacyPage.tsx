import { Section, StaticPage } from '../../../components/StaticPage.tsx';
import { LEGAL_UPDATED, PRIVACY_EMAIL, PRODUCT } from '../../../lib/site.ts';

export function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      updated={LEGAL_UPDATED}
      intro={<p>This policy explains what {PRODUCT} collects, why, and what you can do about it.</p>}
    >
      <Section title="Information we collect">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Account information:</strong> your username (required); your email address, phone number,
            first name and last name (optional).
          </li>
          <li>
            <strong>Your password</strong>, stored only as a hash.
          </li>
          <li>
            <strong>Game data:</strong> your moves, results and their timestamps, and your preferences.
          </li>
          <li>
            <strong>Technical information:</strong> your browser and device type, your IP address and the
            session cookies that keep you signed in.
          </li>
        </ul>
      </Section>
      <Section title="How we use it">
        <p>
          To run your account, save and replay your games, compute your statistics, keep the service secure
          (for example against automated sign-in attempts) and answer you when you write to us.
        </p>
      </Section>
      <Section title="How we protect it">
        <p>
          Passwords are hashed with bcrypt and are never stored or sent in readable form. Connections are
          encrypted, and access to the database is limited to the people who run the service.
        </p>
      </Section>
      <Section title="Sharing">
        <p>
          We do not sell your data and we do not share it with third parties. Sponsorship payments are made on
          the payment provider's own site; we never see your card or UPI details.
        </p>
      </Section>
      <Section title="Your rights">
        <p>
          You may access, update, delete or export your data, and withdraw your consent at any time. Most
          details can be changed in Settings; for anything else, write to us.
        </p>
      </Section>
      <Section title="Contact">
        <p>
          Send privacy inquiries to{' '}
          <a className="font-medium text-amber-700 hover:underline" href={`mailto:${PRIVACY_EMAIL}`}>
            {PRIVACY_EMAIL}
          </a>
          . We answer within 30 days.
        </p>
      </Section>
    </StaticPage>
  );
}
