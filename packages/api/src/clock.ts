/** Time controls and clocks on the wire (docs/api.md, "Clocks"); @sbc/game's clock.ts says what they mean. */
import {
  CORRESPONDENCE_DAYS,
  INCREMENT_MAX_SECONDS,
  INITIAL_MINUTES,
  type TimeControl as TimeControlOfGame,
} from '@sbc/game';
import { z } from 'zod';
import { Color } from './common.ts';

const oneOf = (values: readonly number[], what: string) =>
  z.number().refine((v) => values.includes(v), `${what} must be one of ${values.join(', ')}`);

export const TimeControl = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('clock'),
    /** Initial time in minutes. */
    minutes: oneOf(INITIAL_MINUTES, 'The initial time in minutes'),
    /** Seconds added after each move. */
    increment: z
      .int({ error: 'The increment is a whole number of seconds' })
      .min(0, 'The increment is at least 0 seconds')
      .max(INCREMENT_MAX_SECONDS, `The increment is at most ${INCREMENT_MAX_SECONDS} seconds`),
  }),
  z.strictObject({ kind: z.literal('correspondence'), days: oneOf(CORRESPONDENCE_DAYS, 'Days per move') }),
  z.strictObject({ kind: z.literal('untimed') }),
]);
export type TimeControl = z.infer<typeof TimeControl>;
true satisfies TimeControl extends TimeControlOfGame ? true : false;

/**
 * Both clocks as the server had them when it sent the message, in ms, and whose runs (null before
 * both sides have moved, and once the game is over). `deadline`: when the game ends unless the side
 * to move acts (ms since the epoch): its flag, or the end of its first-move window (`aborts`).
 */
export const ClockState = z.object({
  white: z.number(),
  black: z.number(),
  running: Color.nullable(),
  deadline: z.number().nullable(),
  aborts: z.boolean(),
  /** The mover's time left after each move, in ms, in history order (PGN's %clk). */
  plies: z.array(z.number()),
});
export type ClockState = z.infer<typeof ClockState>;
