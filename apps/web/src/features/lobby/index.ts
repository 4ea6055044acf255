/**
 * The lobby's parts for the landing page and the home: one socket for them (LobbyLive), the Play
 * online area (tiles, Create a game, the lobby list) and the featured game.
 */
export { FeaturedGame } from './components/FeaturedGame.tsx';
export { LobbyLive } from './components/LobbyLive.tsx';
export { PlayOnline } from './components/PlayOnline.tsx';
export type { RenderThumb, Thumb } from './lib/thumbs.ts';
