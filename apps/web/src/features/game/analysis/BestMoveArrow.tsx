import type { ColorName } from '@sbc/rules';
import { FILES } from '../components/board/geometry.ts';

/** The centre of a square on the shown board, in squares from the top left corner. */
function centre(square: string, orientation: ColorName): [number, number] {
  const file = FILES.indexOf(square[0]);
  const rank = Number(square[1]);
  return orientation === 'white' ? [file + 0.5, 8.5 - rank] : [7.5 - file, rank - 0.5];
}

/**
 * The engine's best move as an arrow over the board, drawn from its move text
 * (docs/rules.md, appendix "SBFEN and move text"); a defender choice (`sac=X`) has none.
 */
export function BestMoveArrow({ move, orientation }: { move?: string; orientation: ColorName }) {
  const squares = move?.match(/([a-h][1-8])([a-h][1-8])/);
  if (!squares) return null;
  const [x1, y1] = centre(squares[1], orientation);
  const [x2, y2] = centre(squares[2], orientation);
  // The shaft stops short of the target's centre, where the head's tip (half a head further) is.
  const length = Math.hypot(x2 - x1, y2 - y1);
  const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
  return (
    <svg
      viewBox="0 0 8 8"
      className="pointer-events-none absolute inset-0 h-full w-full"
      role="img"
      aria-label={`Best move ${squares[1]} to ${squares[2]}`}
    >
      <defs>
        <marker id="best-move-head" markerWidth={3} markerHeight={3} refX={1.5} refY={1.5} orient="auto">
          <path d="M0,0 L3,1.5 L0,3 z" fill="#15803d" />
        </marker>
      </defs>
      <line
        x1={x1}
        y1={y1}
        x2={x2 - ux * 0.3}
        y2={y2 - uy * 0.3}
        stroke="#15803d"
        strokeWidth={0.16}
        strokeLinecap="round"
        markerEnd="url(#best-move-head)"
        opacity={0.8}
      />
    </svg>
  );
}
