import type { Course } from './course.ts';
import { LESSONS } from './lessons.ts';
import { PUZZLES } from './puzzles.ts';

/** Lessons first, then puzzles: the order 'Continue' and 'Next' follow. */
const ALL: readonly Course[] = [...LESSONS, ...PUZZLES];

export const findCourse = (id: string): Course | undefined => ALL.find((c) => c.id === id);

/** The course after `id` in the same list (lessons or puzzles), or undefined after the last. */
export function nextCourse(id: string): Course | undefined {
  const list = LESSONS.some((c) => c.id === id) ? LESSONS : PUZZLES;
  return list[list.findIndex((c) => c.id === id) + 1];
}

/** The first course of `list` not completed yet. */
export const firstOpen = (list: readonly Course[], done: ReadonlySet<string>): Course | undefined =>
  list.find((c) => !done.has(c.id));
