/** The computer's difficulty levels (docs/engine.md, "Levels"), easiest first. */
export const LEVEL_NAMES = ['easy', 'medium', 'hard'] as const;
export type Level = (typeof LEVEL_NAMES)[number];

export const isLevel = (name: string): name is Level => (LEVEL_NAMES as readonly string[]).includes(name);
