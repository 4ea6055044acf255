import { useEffect, useRef, useState } from 'react';

/**
 * Renders the component again at each frame whose text differs from the last (`text` read then),
 * while `active`: a clock ten times a second under 10 s and once a second above, a countdown once a
 * second; a frame that changes nothing renders nothing.
 */
export function useFrameText(active: boolean, text: () => string): void {
  const read = useRef(text);
  read.current = text;
  const [, setShown] = useState('');
  useEffect(() => {
    if (!active) return;
    let frame = requestAnimationFrame(function tick() {
      setShown(read.current());
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [active]);
}
