import { capitalize } from '@sbc/game';
import type { ColorName, TypeName } from '@sbc/rules';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { PieceIcon } from './Piece.tsx';

/** The pieces a pawn may promote to, strongest first. */
export const PROMOTIONS: readonly TypeName[] = ['queen', 'rook', 'bishop', 'knight'];

export interface PieceOption {
  type: TypeName;
  color: ColorName;
  disabled?: boolean;
  note?: string;
}

/**
 * A choice between pieces: which piece of a box moves ('Select Piece to Move'), the promotion
 * piece, or which piece the defender sacrifices. `required` choices cannot be dismissed.
 */
export function PieceChoiceDialog({
  open,
  title,
  description,
  options,
  onChoose,
  onCancel,
}: {
  open: boolean;
  title: string;
  description?: string;
  options: PieceOption[];
  onChoose: (type: TypeName) => void;
  /** Absent: the choice must be made. */
  onCancel?: () => void;
}) {
  return (
    <Dialog
      open={open}
      title={title}
      description={description}
      required={!onCancel}
      onOpenChange={(o) => {
        if (!o) onCancel?.();
      }}
    >
      <div className="grid grid-cols-2 gap-3">
        {options.map((o) => (
          <Button
            key={o.type}
            variant="outline"
            className="h-auto flex-col py-3"
            disabled={o.disabled}
            onClick={() => onChoose(o.type)}
          >
            <PieceIcon color={o.color} type={o.type} className="h-12 w-12" />
            <span>{capitalize(o.type)}</span>
            {o.note && <span className="text-xs font-normal text-slate-500">{o.note}</span>}
          </Button>
        ))}
      </div>
    </Dialog>
  );
}
