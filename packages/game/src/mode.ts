/** Two people at one screen, a person against the computer, or two people online. */
export const GAME_MODES = ['local', 'computer', 'online'] as const;
export type GameMode = (typeof GAME_MODES)[number];
