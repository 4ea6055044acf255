/** The computer's difficulty levels (spec/game.md 9), easiest first. */
export const LEVEL_NAMES = ['easy', 'medium', 'hard'] as const;
export type Level = (typeof LEVEL_NAMES)[number];

export const isLevel = (name: string): name is Level => (LEVEL_NAMES as readonly string[]).includes(name);
