import { Game } from '@sbc/rules';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, useParams } from 'react-router';
import { Footer } from '../components/Footer.tsx';
import { Spinner } from '../components/ui/card.tsx';
import { useSession } from '../features/auth/index.ts';
import { Board } from '../features/game/index.ts';
import {
  AboutPage,
  LandingPage,
  NotFoundPage,
  PrivacyPage,
  SponsorPage,
  SupportPage,
  TermsPage,
} from '../features/static/index.ts';

// Pages loaded on demand (each feature's `pages.ts`): the game screen, sign-in and the signed-in home.
const GameScreen = lazy(() => import('../features/game/pages.ts').then((m) => ({ default: m.GameScreen })));
const RulesDialog = lazy(() => import('../features/game/pages.ts').then((m) => ({ default: m.RulesDialog })));
const AuthPage = lazy(() => import('../features/auth/pages.ts').then((m) => ({ default: m.AuthPage })));
const HomePage = lazy(() => import('../features/home/pages.ts').then((m) => ({ default: m.HomePage })));
const SettingsPage = lazy(() =>
  import('../features/settings/pages.ts').then((m) => ({ default: m.SettingsPage })),
);

/** Every page: the page, then the footer (with Login and Register for visitors). */
function Layout() {
  const { user } = useSession();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
      <Footer signedIn={user !== null} />
    </div>
  );
}

/** A page for signed-in users; visitors go to /auth, and 'Loading...' shows while the session loads. */
function RequireUser({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <Spinner />;
  if (!user) return <Navigate to="/auth" replace />;
  return children;
}

/** A position for the landing page: a mixed box on d4 (white bishop, black pawn) and a white pawn box (queen and pawn) on d3. */
const PREVIEW_SBFEN = 'r1bqk1nr/pppp1ppp/2n5/8/3(Bp)4/2N(PQ)4/PPP2PPP/R1B1KB1R b KQkq - 2 6';
const preview = (() => {
  const g = Game.create({ sbfen: PREVIEW_SBFEN });
  return g.ok ? g.value.state() : undefined;
})();

function Home() {
  const { user, isLoading } = useSession();
  if (isLoading) return <Spinner />;
  if (!user)
    return (
      <LandingPage
        preview={
          preview && (
            <Board
              board={preview.board}
              orientation="white"
              turn="white"
              moves={[]}
              label="Example position: a mixed shared box on d4 and a white pawn box on d3"
            />
          )
        }
      />
    );
  return (
    <HomePage
      user={user}
      rulesDialog={(open, set) => <RulesDialog open={open} onOpenChange={set} />}
      renderBoard={(state) => (
        <Board
          board={state.board}
          orientation="white"
          turn={state.currentPlayer}
          moves={[]}
          lastMove={state.lastMove}
          label="Replay board"
        />
      )}
    />
  );
}

function Settings() {
  const { user } = useSession();
  return <RequireUser>{user && <SettingsPage user={user} />}</RequireUser>;
}

function GamePage() {
  const { id } = useParams();
  return (
    <RequireUser>
      <GameScreen key={id} gameId={id ?? ''} />
    </RequireUser>
  );
}

/** site.md section 2. Admin, feedback and the room lobby come with a later issue. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Home /> },
      { path: '/game/:id', element: <GamePage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/settings', element: <Settings /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/support', element: <SupportPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/sponsor', element: <SponsorPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
