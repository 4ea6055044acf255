import { z } from 'zod';

/** Every error the server sends: a status and this body. */
export const ErrorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const Color = z.enum(['white', 'black']);
export type Color = z.infer<typeof Color>;

export const Level = z.enum(['easy', 'medium', 'hard']);
export type Level = z.infer<typeof Level>;
