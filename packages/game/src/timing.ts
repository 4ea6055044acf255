/** The game's clocks that the server and the screen share (docs/rules.md §9, docs/architecture.md §7). */

/** Minutes without a move after which the side to move loses by abandonment (the server's default). */
export const INACTIVITY_MINUTES = 5;
/** Seconds left at which the screen warns the side to move, first and last. */
export const INACTIVITY_WARNING_SECONDS = 60;
export const INACTIVITY_FINAL_WARNING_SECONDS = 30;
/** How often abandoned games are looked for: the server's sweep and the screen's check alike. */
export const ABANDONMENT_CHECK_MS = 10_000;
