/** @sbc/api: request and response schemas shared by the server and the web app. */
export * from './common.ts';
