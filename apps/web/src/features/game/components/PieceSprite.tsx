import { useEffect, useState } from 'react';
import { onDemand } from '../../../lib/on-demand.tsx';
import sprite from '../assets/pieces.svg?raw';
import type { PieceSetName } from '../hooks/useBoardSettings.ts';

// From the first symbol on: the licence comment above it names `<symbol>` elements itself.
const cburnett = sprite.slice(sprite.indexOf('<symbol id='), sprite.lastIndexOf('</svg>'));
// The second set loads only when a player chooses it.
const merida = onDemand(() => import('../lib/merida.ts'));

/**
 * The piece drawings of the chosen set (Cburnett's pieces, CC BY-SA 3.0, or Merida, MPL-2.0; see
 * the README), defined once with the board as SVG symbols that every piece of the page refers to.
 * Cburnett's stand in while Merida loads, or if it cannot.
 */
export function PieceSprite({ set }: { set: PieceSetName }) {
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    if (set !== 'merida') return;
    let current = true;
    merida.load().then(
      (m) => current && setLoaded(m.meridaSymbols),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [set]);
  const symbols = set === 'merida' && loaded ? loaded : cburnett;
  return (
    <svg
      aria-hidden="true"
      width="0"
      height="0"
      data-pieces={symbols === cburnett ? 'cburnett' : 'merida'}
      style={{ position: 'absolute', overflow: 'hidden' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: bundled SVG drawings, not user content.
      dangerouslySetInnerHTML={{ __html: symbols }}
    />
  );
}
