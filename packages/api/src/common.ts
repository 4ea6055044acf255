import { LEVEL_NAMES } from '@sbc/game';
import { COLOR_NAMES } from '@sbc/rules';
import { z } from 'zod';

/** Every error the server sends: a status and this body; a refusal of the rules or the game adds its code. */
export const ErrorResponse = z.object({ message: z.string(), code: z.string().optional() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const Color = z.enum(COLOR_NAMES);
export type Color = z.infer<typeof Color>;

export const Level = z.enum(LEVEL_NAMES);
export type Level = z.infer<typeof Level>;

export const Square = z.string().regex(/^[a-h][1-8]$/, { error: 'must be a square from a1 to h8' });
