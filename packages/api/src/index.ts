/** @sbc/api: request and response schemas shared by the server and the web app. */
export * from './auth.ts';
export * from './common.ts';
export * from './games.ts';
export * from './state.ts';
