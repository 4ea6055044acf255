/** `1 move`, `2 moves`: a count and its noun, which takes an s unless the count is one. */
export const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
