import type { User } from '@sbc/api';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { fullName } from '../lib/format.ts';
import { OnlineTab, PlayingTab } from './ActivityTabs.tsx';
import { FeedbackTab } from './FeedbackTab.tsx';
import { GamesTab } from './GamesTab.tsx';
import { MaintenanceSwitch } from './MaintenanceSwitch.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { SponsorshipsTab } from './SponsorshipsTab.tsx';
import { StatCards } from './StatCards.tsx';
import { UsersTab } from './UsersTab.tsx';

/** /admin: the header with the maintenance switch, the stat cards, and a tab per list. */
export function AdminPage({ user }: { user: User }) {
  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-3 py-6 sm:px-4">
      <Link to="/" className="text-sm font-medium text-amber-700 hover:underline">
        ← Back to home
      </Link>
      <header className="mt-3 mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold text-slate-900">Admin Panel</h1>
          <span className="mt-2 inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-medium wrap-anywhere text-amber-900">
            Welcome, {fullName(user) || user.username}
          </span>
        </div>
        <MaintenanceSwitch />
      </header>
      <StatCards />
      <Tabs
        className="mt-6"
        label="Admin"
        tabs={[
          {
            value: 'users',
            label: 'Users',
            content: (
              <Card>
                <UsersTab adminId={user.id} />
              </Card>
            ),
          },
          {
            value: 'online',
            label: 'Online',
            content: (
              <Card>
                <OnlineTab />
              </Card>
            ),
          },
          {
            value: 'playing',
            label: 'Playing',
            content: (
              <Card>
                <PlayingTab />
              </Card>
            ),
          },
          {
            value: 'games',
            label: 'Games',
            content: (
              <Card>
                <GamesTab />
              </Card>
            ),
          },
          {
            value: 'sponsorships',
            label: 'Sponsorships',
            content: (
              <Card>
                <SponsorshipsTab />
              </Card>
            ),
          },
          {
            value: 'feedback',
            label: 'Feedback',
            content: (
              <Card>
                <FeedbackTab />
              </Card>
            ),
          },
          // Its own cards: maintenance, the system, the audit log.
          { value: 'settings', label: 'Settings', content: <SettingsTab /> },
        ]}
      />
    </main>
  );
}
