import sprite from '../assets/pieces.svg?raw';

const symbols = sprite.slice(sprite.indexOf('<symbol'), sprite.lastIndexOf('</svg>'));

/**
 * The piece drawings (Cburnett's pieces, CC BY-SA 3.0; see the README), defined once with the
 * board as SVG symbols that every piece of the page refers to.
 */
export function PieceSprite() {
  return (
    <svg
      aria-hidden="true"
      width="0"
      height="0"
      style={{ position: 'absolute', overflow: 'hidden' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own bundled SVG file, not user content.
      dangerouslySetInnerHTML={{ __html: symbols }}
    />
  );
}
