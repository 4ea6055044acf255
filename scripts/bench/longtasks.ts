/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/** A main-thread task over 50 ms, as the page's `longtask` observer saw it (ms since navigation). */
export interface Task {
  start: number;
  duration: number;
}

declare global {
  interface Window {
    __longtasks: Task[];
  }
}

/** Records the page's long tasks from before any of its scripts runs (call before `goto`). */
export async function observeLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__longtasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.__longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true } as PerformanceObserverInit);
  });
}

/** The long tasks recorded so far. */
export const longTasks = (page: Page): Promise<Task[]> => page.evaluate(() => window.__longtasks.slice());
