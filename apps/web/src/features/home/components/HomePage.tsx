import type { User } from '@sbc/api';
import type { GameState } from '@sbc/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { apiRequest } from '../../../lib/http.ts';
import { PRODUCT } from '../../../lib/site.ts';
import { GameHistory } from './History.tsx';
import { NewGameDialog } from './NewGameDialog.tsx';
import { StatisticsPanel } from './Statistics.tsx';

/** After logout the browser goes to /auth after 500 ms (site.md section 2). */
export const LOGOUT_REDIRECT_MS = 500;

/** The signed-in home: header, Welcome and Game History tabs, and the Start New Game dialog. */
export function HomePage({
  user,
  rulesDialog,
  renderBoard,
}: {
  user: User;
  /** The game feature's Rules dialog and board, given by the app (features do not import each other). */
  rulesDialog: (open: boolean, set: (o: boolean) => void) => React.ReactNode;
  renderBoard: (state: GameState) => React.ReactNode;
}) {
  const [newGame, setNewGame] = useState(false);
  const [rules, setRules] = useState(false);
  const queryClient = useQueryClient();
  const logout = async () => {
    try {
      await apiRequest('POST', '/api/logout');
      toast({ title: 'Logged out', description: 'You have been logged out successfully' });
      setTimeout(() => {
        queryClient.setQueryData(['/api/user'], null);
        window.location.assign('/auth');
      }, LOGOUT_REDIRECT_MS);
    } catch {
      toast({ title: 'Logout failed', variant: 'destructive' });
    }
  };
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <span className="text-lg font-bold text-slate-900">{PRODUCT}</span>
          <div className="flex flex-wrap items-center gap-1 sm:gap-2">
            <span className="text-sm text-slate-600">
              {user.firstName || user.username || user.email}
              {user.isAdmin && (
                <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-800">
                  Admin
                </span>
              )}
            </span>
            <Link to="/settings" className={buttonClass('ghost', 'sm')}>
              Settings
            </Link>
            <Button variant="outline" size="sm" onClick={() => setRules(true)}>
              Rules
            </Button>
            <Button size="sm" onClick={() => setNewGame(true)}>
              New Game
            </Button>
            <Button variant="ghost" size="sm" onClick={() => void logout()}>
              Logout
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
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
                  <Button size="lg" className="mt-4" onClick={() => setNewGame(true)}>
                    Start Playing
                  </Button>
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
      {rulesDialog(rules, setRules)}
    </>
  );
}
