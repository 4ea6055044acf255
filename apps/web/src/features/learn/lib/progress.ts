/** The lessons and puzzles completed, kept in this browser only. */
const PROGRESS_KEY = 'sbc.learn.completed';

export function completedCourses(): Set<string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(PROGRESS_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : []);
  } catch {
    // Storage blocked or its value unreadable: nothing completed yet.
    return new Set();
  }
}

export function markCompleted(id: string): void {
  const done = completedCourses();
  done.add(id);
  try {
    localStorage.setItem(PROGRESS_KEY, JSON.stringify([...done]));
  } catch {
    // Storage blocked: the progress lasts as long as the page.
  }
}
