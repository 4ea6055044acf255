import type { Sponsorship } from '@sbc/api';
import { Badge, type Tone } from '../../../components/Badge.tsx';
import { amount, date } from '../lib/format.ts';
import { PagedList } from './PagedList.tsx';

/** Completed and pending as such; any other status is a failed payment. */
function SponsorshipStatus({ status }: { status: string }) {
  const [tone, text]: [Tone, string] =
    status === 'completed'
      ? ['green', 'Completed']
      : status === 'pending'
        ? ['amber', 'Pending']
        : ['red', 'Failed'];
  return <Badge tone={tone}>{text}</Badge>;
}

/** Sponsorships: who gave what, newest first (recorded from the payment links, never paid here). */
export function SponsorshipsTab() {
  return (
    <PagedList<Sponsorship>
      name="sponsorships"
      label="Sponsorships"
      rowKey={(s) => s.id}
      empty="No sponsorships yet."
      columns={[
        {
          header: 'Donor',
          cell: (s) => (
            <span>
              <span className="block font-medium text-slate-900">{s.sponsorName ?? 'Anonymous'}</span>
              {s.sponsorEmail && <span className="block text-xs text-slate-500">{s.sponsorEmail}</span>}
            </span>
          ),
        },
        { header: 'Amount', cell: (s) => amount(s.amount, s.currency) },
        { header: 'Status', cell: (s) => <SponsorshipStatus status={s.status} /> },
        {
          header: 'Message',
          cell: (s) =>
            s.message ? (
              <span className="whitespace-pre-line">{s.message}</span>
            ) : (
              <span className="text-slate-400">No message</span>
            ),
        },
        { header: 'Date', cell: (s) => date(s.createdAt) },
      ]}
    />
  );
}
