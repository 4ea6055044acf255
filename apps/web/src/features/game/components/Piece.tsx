import type { ColorName, TypeName } from '@sbc/rules';

const LETTER: Record<TypeName, string> = {
  pawn: 'p',
  knight: 'n',
  bishop: 'b',
  rook: 'r',
  queen: 'q',
  king: 'k',
};

/** One piece drawing; decorative (the square names its pieces). */
export function PieceIcon({
  color,
  type,
  className,
  tight,
}: {
  color: ColorName;
  type: TypeName;
  className?: string;
  /** Crop the drawing's margin, for the two smaller pieces of a box. */
  tight?: boolean;
}) {
  return (
    <svg
      viewBox={tight ? '3.5 3.5 33 33' : '0 0 40 40'}
      aria-hidden="true"
      className={className}
      data-piece={`${color}-${type}`}
    >
      <use href={`#sbc-${color[0]}${LETTER[type]}`} x="0" y="0" width="40" height="40" />
    </svg>
  );
}
