/** @sbc/api: what the server and the web app share: request and response schemas, the pages. */
export * from './admin.ts';
export * from './auth.ts';
export * from './clock.ts';
export * from './common.ts';
export * from './feedback.ts';
export * from './follow.ts';
export * from './games.ts';
export * from './live.ts';
export * from './lobby.ts';
export * from './pages.ts';
export * from './phone.ts';
export * from './players.ts';
export * from './profile.ts';
export * from './rating.ts';
export * from './rooms.ts';
export * from './state.ts';
