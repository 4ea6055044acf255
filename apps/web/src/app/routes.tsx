import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useLayoutEffect } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation, useNavigationType, useParams } from 'react-router';
import { Footer } from '../components/Footer.tsx';
import { PageError } from '../components/PageError.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { Spinner } from '../components/ui/card.tsx';
import { AdminGuard } from '../features/admin/index.ts';
import { useSession } from '../features/auth/index.ts';
import { prefetchGame, usePrefetchGame } from '../features/game/index.ts';
import { MaintenanceBanner } from '../features/maintenance/index.ts';
import { componentOf, onDemand } from '../lib/on-demand.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { roomPages } from './multiplayer.tsx';

// Every page loads on demand: a page's code starts loading when its route first renders.
const landingCode = onDemand(() => import('./landing.tsx'));
const homeCode = onDemand(() => import('./home.tsx'));
const gameCode = onDemand(() => import('../features/game/pages.ts'));
const authPages = onDemand(() => import('../features/auth/pages.ts'));
const settingsPages = onDemand(() => import('../features/settings/pages.ts'));
const staticPages = onDemand(() => import('../features/static/pages.ts'));
const feedbackPages = onDemand(() => import('../features/feedback/pages.ts'));
const adminPages = onDemand(() => import('../features/admin/pages.ts'));
const learnPages = onDemand(() => import('../features/learn/pages.ts'));
const gamesCode = onDemand(() => import('./games.tsx'));
const playerPages = onDemand(() => import('../features/players/pages.ts'));

const Landing = componentOf(landingCode, 'Landing');
const Home = componentOf(homeCode, 'Home');
const GameScreen = componentOf(gameCode, 'GameScreen');
const AuthPage = componentOf(authPages, 'AuthPage');
const SettingsPage = componentOf(settingsPages, 'SettingsPage');
const AboutPage = componentOf(staticPages, 'AboutPage');
const SupportPage = componentOf(staticPages, 'SupportPage');
const PrivacyPage = componentOf(staticPages, 'PrivacyPage');
const TermsPage = componentOf(staticPages, 'TermsPage');
const SponsorPage = componentOf(staticPages, 'SponsorPage');
const NotFoundPage = componentOf(staticPages, 'NotFoundPage');
const RoomLobby = componentOf(roomPages, 'RoomLobby');
const FeedbackPage = componentOf(feedbackPages, 'FeedbackPage');
const AdminPage = componentOf(adminPages, 'AdminPage');
const LearnPage = componentOf(learnPages, 'LearnPage');
const CoursePage = componentOf(learnPages, 'CoursePage');
const Games = componentOf(gamesCode, 'Games');
const ProfilePage = componentOf(playerPages, 'ProfilePage');
const LeaderboardsPage = componentOf(playerPages, 'LeaderboardsPage');

/**
 * For the pages whose document preloads their code (apps/web/build/pages.ts, `data-page`), what
 * src/app/start.tsx waits for before the first render, so that the page renders at once and
 * complete: its code, and a game's state (which the document preloads too).
 */
export const preparePage: Record<string, (client: QueryClient, path: string) => Promise<unknown>> = {
  landing: () => landingCode.load(),
  home: () => homeCode.load(),
  // The document of a game page is a signed-in user's (the server sends it with the session).
  game: (client, path) => Promise.all([gameCode.load(), prefetchGame(client, path.slice('/game/'.length))]),
};

/**
 * Every page: the maintenance banner (for players, once the session is known), the page, then the
 * footer (with Login and Register for visitors).
 */
function Layout() {
  const { user, isLoading } = useSession();
  const { pathname } = useLocation();
  // A new page opens at its top, as a document does (a game started from low on the home, a
  // tile's pairing); Back and Forward leave the place to the browser.
  const navigation = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new page (its path).
  useLayoutEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
  return (
    <PageFrame footer={<Footer signedIn={user !== null} />}>
      <MaintenanceBanner forPlayer={!isLoading && !user?.isAdmin} signedIn={user !== null} />
      <PageError key={pathname}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </PageError>
    </PageFrame>
  );
}

/** A page for signed-in users; visitors go to /auth, and 'Loading...' shows while the session loads. */
function RequireUser({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <Spinner />;
  if (!user) return <Navigate to="/auth" replace />;
  return children;
}

/** A page with its title (docs/architecture.md §6, page titles). */
function Titled({ page, children }: { page: string; children: ReactNode }) {
  usePageTitle(page);
  return children;
}

const titled = (page: string, element: ReactNode) => <Titled page={page}>{element}</Titled>;

function Start() {
  const { user, isLoading } = useSession();
  usePageTitle(user ? 'Play' : null);
  if (isLoading) return <Spinner />;
  return user ? <Home user={user} /> : <Landing />;
}

function Settings() {
  const { user } = useSession();
  return <RequireUser>{user && <SettingsPage user={user} />}</RequireUser>;
}

/** A game's state loads together with the game screen's code. */
function PlayGame({ id }: { id: string }) {
  usePrefetchGame(id);
  return <GameScreen key={id} gameId={id} />;
}

/**
 * A game by its link: a signed-in user's to play, or to read; a visitor, a guest or not, reads an
 * online game (public to watch), and signs in for any other (docs/api.md §5, who may read).
 */
function GamePage() {
  const { id = '' } = useParams();
  const { user, isLoading } = useSession();
  if (isLoading) return <Spinner />;
  if (!user) return <GameScreen key={id} gameId={id} signedIn={false} />;
  return <PlayGame id={id} />;
}

/** /admin for admins; anyone else goes to / with 'Access Denied'. */
function Admin() {
  const { user, isLoading } = useSession();
  return (
    <AdminGuard user={user} isLoading={isLoading}>
      {(admin) => <AdminPage user={admin} />}
    </AdminGuard>
  );
}

function LessonPage() {
  const { id = '' } = useParams();
  return <CoursePage id={id} />;
}

function RoomPage() {
  const { code } = useParams();
  usePageTitle(code ? `Room ${code.toUpperCase()}` : 'Room');
  return <RoomLobby code={code} />;
}

/** A player's public profile, for anyone; a new name is a new page (its own state and queries). */
function Profile() {
  const { username = '' } = useParams();
  usePageTitle(`${username}'s profile`);
  return <ProfilePage key={username.toLowerCase()} username={username} />;
}

/** The pages of `PAGES` (docs/architecture.md §6). */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Start /> },
      { path: '/game/:id', element: <GamePage /> },
      { path: '/auth', element: titled('Login', <AuthPage />) },
      { path: '/settings', element: titled('Settings', <Settings />) },
      { path: '/room/:code', element: <RoomPage /> },
      { path: '/games', element: titled('Current games', <Games />) },
      { path: '/players', element: titled('Leaderboards', <LeaderboardsPage />) },
      { path: '/@/:username', element: <Profile /> },
      { path: '/about', element: titled('About', <AboutPage />) },
      { path: '/support', element: titled('Support', <SupportPage />) },
      { path: '/privacy', element: titled('Privacy Policy', <PrivacyPage />) },
      { path: '/terms', element: titled('Terms of Service', <TermsPage />) },
      { path: '/sponsor', element: titled('Sponsor Us', <SponsorPage />) },
      { path: '/feedback', element: titled('Community Feedback', <FeedbackPage />) },
      { path: '/admin', element: titled('Admin Panel', <Admin />) },
      { path: '/learn', element: <LearnPage /> },
      { path: '/learn/:id', element: <LessonPage /> },
      { path: '*', element: titled('Page Not Found', <NotFoundPage />) },
    ],
  },
];
