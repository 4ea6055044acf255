import { z } from 'zod';

/** Every error the server sends: a status and this body; a refusal of the rules or the game adds its code. */
export const ErrorResponse = z.object({ message: z.string(), code: z.string().optional() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const Color = z.enum(['white', 'black']);
export type Color = z.infer<typeof Color>;

export const Level = z.enum(['easy', 'medium', 'hard']);
export type Level = z.infer<typeof Level>;
