import { LEVEL_NAMES } from '@sbc/game';
import { COLOR_NAMES } from '@sbc/rules';
import { z } from 'zod';

/** Every error the server sends: a status and this body; a refusal of the rules or the game adds its code. */
export const ErrorResponse = z.object({ message: z.string(), code: z.string().optional() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/**
 * The body of a call that takes none (docs/api.md, Conventions): not even `{}`. Fastify hands a
 * validator null for a missing body, so JSON `null`, the same nothing, passes too.
 */
export const NoBody = z.null({ error: 'This call takes no body' });

/** Control characters (C0, DEL and C1); the second leaves out tab and line breaks. */
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

/**
 * Refuses control characters in a text field (docs/api.md, Conventions): PostgreSQL cannot store
 * NUL, and none belongs in a name, an id or a search. `lines` keeps tab and line breaks (a paragraph).
 */
export const withoutControls = <T extends z.ZodString>(schema: T, { lines = false } = {}): T =>
  schema.refine((s) => !(lines ? CONTROL_BUT_LINES : CONTROL).test(s), 'Control characters are not allowed');

export const Color = z.enum(COLOR_NAMES);
export type Color = z.infer<typeof Color>;

export const Level = z.enum(LEVEL_NAMES);
export type Level = z.infer<typeof Level>;

export const Square = z.string().regex(/^[a-h][1-8]$/, { error: 'must be a square from a1 to h8' });
