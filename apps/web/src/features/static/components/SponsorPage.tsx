import { Section, StaticPage } from '../../../components/StaticPage.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { PRODUCT, SPONSOR_INTERNATIONAL_URL, SPONSOR_UPI_URL } from '../../../lib/site.ts';

function PayLink({ href, label }: { href: string; label: string }) {
  return (
    <a className={buttonClass('primary', 'lg')} href={href} target="_blank" rel="noopener noreferrer">
      {label}
      <span aria-hidden="true">↗</span>
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

export function SponsorPage() {
  return (
    <StaticPage
      title={`Sponsor ${PRODUCT}`}
      intro={
        <p>{PRODUCT} is free, without ads. Sponsors pay for the servers and the time that keep it so.</p>
      }
    >
      <Section title="Why support us">
        <ul className="list-disc space-y-2 pl-6">
          <li>Keep the game free and ad-free for every player.</li>
          <li>Fund a stronger computer opponent and new ways to play online.</li>
          <li>Help us grow a community around a new chess variant.</li>
        </ul>
      </Section>
      <Section title="Make a contribution">
        <p>Payments are handled on the provider's secure page; we never see your card or UPI details.</p>
        <Tabs
          label="Payment region"
          tabs={[
            {
              value: 'international',
              label: 'International',
              content: (
                <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
                  <p>Card and wallet payments in your currency, from anywhere in the world.</p>
                  <PayLink href={SPONSOR_INTERNATIONAL_URL} label="Sponsor internationally" />
                </div>
              ),
            },
            {
              value: 'india',
              label: 'India (UPI)',
              content: (
                <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
                  <p>Pay in rupees with any UPI app: Google Pay, PhonePe, Paytm or your bank's app.</p>
                  <PayLink href={SPONSOR_UPI_URL} label="Sponsor with UPI" />
                </div>
              ),
            },
          ]}
        />
      </Section>
      <Section title="Other ways to support">
        <ul className="list-disc space-y-2 pl-6">
          <li>Invite a friend to a private room and teach them the shared box.</li>
          <li>Share your ideas and bug reports on the Community Feedback page.</li>
          <li>Buy the rules book, or tell your chess club about the variant.</li>
        </ul>
      </Section>
    </StaticPage>
  );
}
