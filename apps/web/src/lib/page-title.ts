import { useEffect } from 'react';
import { PRODUCT } from './site.ts';

/** Names the browser tab after the page ('Learn · Shared Box Chess') while the page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${PRODUCT}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
