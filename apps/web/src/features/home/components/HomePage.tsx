import type { User } from '@sbc/api';
import type { GameState } from '@sbc/game';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { profilePath } from '../../../components/PlayerName.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Menu } from '../../../components/ui/menu.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { apiRequest, errorMessage } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { PRODUCT } from '../../../lib/site.ts';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { GameHistory } from './History.tsx';
import { NewGameDialog } from './NewGameDialog.tsx';
import { StatisticsPanel } from './Statistics.tsx';
import { YourTurn } from './YourTurn.tsx';

/** After logout the browser goes to /auth after 500 ms (docs/architecture.md §7). */
export const LOGOUT_REDIRECT_MS = 500;

/**
 * The signed-in home: header (Rules, Multiplayer, New Game, the user menu with Change Password and
 * Logout), the games where it is the user's turn, Play online, Welcome and Game History tabs, and the Start New Game, Multiplayer Room and Change
 * Password dialogs.
 */
export function HomePage({
  user,
  rulesDialog,
  multiplayer,
  playOnline,
  renderBoard,
}: {
  user: User;
  /** The game feature's Rules dialog and board, given by the app (features do not import each other). */
  rulesDialog: (open: boolean, set: (o: boolean) => void) => React.ReactNode;
  /** The rooms feature's Multiplayer button and its dialog, likewise. */
  multiplayer: React.ReactNode;
  /** The lobby feature's Play online area, likewise. */
  playOnline?: React.ReactNode;
  renderBoard: (state: GameState) => React.ReactNode;
}) {
  const [newGame, setNewGame] = useState(false);
  const [rules, setRules] = useState(false);
  const [changePassword, setChangePassword] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = async () => {
    try {
      await apiRequest('POST', '/api/logout');
      toast({ title: 'Logged out', description: 'You have been logged out successfully' });
      setTimeout(() => {
        // Forget everything the signed-in user had loaded, then go to the sign-in page.
        navigate('/auth', { replace: true });
        queryClient.clear();
        queryClient.setQueryData(queryKeys.session, null);
      }, LOGOUT_REDIRECT_MS);
    } catch (e) {
      toast({
        title: 'Logout failed',
        description: errorMessage(e, '') || undefined,
        variant: 'destructive',
      });
    }
  };
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || user.username;
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        {/* One row down to 375 px: below 640 px the title shows its initials, not an ellipsis. */}
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-3 py-3 sm:gap-4 sm:px-4">
          <Link
            to="/"
            aria-label={PRODUCT}
            className="min-w-0 truncate text-base font-bold tracking-tight text-slate-900 sm:text-lg"
          >
            <span aria-hidden="true" className="sm:hidden">
              SBC
            </span>
            <span className="hidden sm:inline">{PRODUCT}</span>
          </Link>
          <div className="flex shrink-0 items-center gap-1 sm:gap-2">
            <Button variant="outline" size="sm" onClick={() => setRules(true)}>
              Rules
            </Button>
            {multiplayer}
            <Button size="sm" onClick={() => setNewGame(true)}>
              New Game
            </Button>
            <Menu
              trigger={
                <>
                  <span
                    aria-hidden="true"
                    className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-amber-100 text-xs font-bold text-amber-800"
                  >
                    {name[0]?.toUpperCase()}
                  </span>
                  {/* On a phone the initial stands for the name, which screen readers still hear. */}
                  <span className="sr-only sm:not-sr-only sm:truncate">{name}</span>
                  {user.isAdmin && (
                    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-800">
                      Admin
                    </span>
                  )}
                </>
              }
              header={
                <>
                  <p className="truncate font-medium text-slate-900">{name}</p>
                  <p className="truncate text-xs text-slate-500">Signed in as {user.username}</p>
                </>
              }
              items={[
                { label: 'Profile', onSelect: () => navigate(profilePath(user.username)) },
                { label: 'Change Password', onSelect: () => setChangePassword(true) },
                { label: 'Settings', onSelect: () => navigate('/settings') },
                { label: 'Logout', onSelect: () => void logout(), destructive: true },
              ]}
            />
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <YourTurn me={user.id} />
        {playOnline && <div className="mb-6">{playOnline}</div>}
        <Tabs
          label="Home"
          tabs={[
            {
              value: 'welcome',
              label: 'Welcome',
              content: (
                <Card>
                  <h1 className="text-2xl font-bold text-slate-900">
                    Welcome, {user.firstName || user.username}!
                  </h1>
                  <p className="mt-2 text-slate-600">
                    Start a game against the computer or a friend at this screen. Your games are saved after
                    every move.
                  </p>
                  <div className="mt-4 flex flex-wrap items-center gap-3">
                    <Button size="lg" onClick={() => setNewGame(true)}>
                      Start Playing
                    </Button>
                    <Link to="/learn" className={buttonClass('outline', 'lg')}>
                      Learn the rules
                    </Link>
                  </div>
                  <div className="mt-6">
                    <StatisticsPanel />
                  </div>
                </Card>
              ),
            },
            {
              value: 'history',
              label: 'Game History',
              content: <GameHistory renderBoard={renderBoard} />,
            },
          ]}
        />
      </main>
      <NewGameDialog open={newGame} onOpenChange={setNewGame} />
      <ChangePasswordDialog open={changePassword} onOpenChange={setChangePassword} />
      {rulesDialog(rules, setRules)}
    </>
  );
}
