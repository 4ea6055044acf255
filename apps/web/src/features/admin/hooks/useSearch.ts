import { useEffect, useState } from 'react';

/** A search waits for a pause in the typing before it asks the server. */
export const SEARCH_DELAY_MS = 300;

/** A search box's text as typed, and the trimmed search sent once the typing pauses. */
export function useSearch() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, q };
}
