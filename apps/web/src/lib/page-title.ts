import { useEffect } from 'react';
import { PRODUCT } from './site.ts';

/** A page's title in the browser's tab: 'Settings · Shared Box Chess'; the product alone for none. */
export const pageTitle = (page: string | null): string => (page ? `${page} · ${PRODUCT}` : PRODUCT);

/**
 * Sets the tab's title while the page shows (every route sets its own). `set` false leaves it to
 * a part of the page rendered below (an online game's screen, which knows whose turn it is).
 */
export function usePageTitle(page: string | null, set = true): void {
  useEffect(() => {
    if (set) document.title = pageTitle(page);
  }, [page, set]);
}
