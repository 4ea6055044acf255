/** The players feature's pages, loaded on demand: profiles and the leaderboards. */
export { LeaderboardsPage } from './components/LeaderboardsPage.tsx';
export { ProfilePage } from './components/ProfilePage.tsx';
