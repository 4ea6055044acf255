import type { ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { cn } from '../../../lib/cn.ts';
import { PIECE_SETS, THEMES, updateSettings, useBoardSettings } from '../hooks/useBoardSettings.ts';

/** A group of radio buttons, one per option; arrow keys move between them. */
function Choices<K extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: K;
  options: { key: K; label: string; swatch?: ReactNode }[];
  onChange: (key: K) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o.key}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-focus-visible:outline-2 has-focus-visible:outline-amber-500',
              o.key === value ? 'border-amber-600 bg-amber-50 font-medium' : 'border-slate-300',
            )}
          >
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={o.key === value}
              onChange={() => onChange(o.key)}
            />
            {o.swatch}
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The light and dark square of a theme. */
function Swatch({ light, dark }: { light: string; dark: string }) {
  return (
    <span aria-hidden="true" className="flex overflow-hidden rounded-sm ring-1 ring-slate-900/20">
      <span className="h-4 w-4" style={{ background: light }} />
      <span className="h-4 w-4" style={{ background: dark }} />
    </span>
  );
}

/** Board settings of this device: colours, pieces, coordinates and sound, applied at once. */
export function BoardSettingsDialog({ onClose }: { onClose: () => void }) {
  const settings = useBoardSettings();
  return (
    <Dialog
      open
      title="Board settings"
      description="Kept on this device."
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
    >
      <div className="space-y-4">
        <Choices
          legend="Board colours"
          name="board-theme"
          value={settings.theme}
          options={Object.entries(THEMES).map(([key, t]) => ({
            key: key as keyof typeof THEMES,
            label: t.label,
            swatch: <Swatch light={t.light} dark={t.dark} />,
          }))}
          onChange={(theme) => updateSettings({ theme })}
        />
        <Choices
          legend="Pieces"
          name="board-pieces"
          value={settings.pieces}
          options={Object.entries(PIECE_SETS).map(([key, label]) => ({
            key: key as keyof typeof PIECE_SETS,
            label,
          }))}
          onChange={(pieces) => updateSettings({ pieces })}
        />
        <Switch
          checked={settings.coordinates}
          onCheckedChange={(coordinates) => updateSettings({ coordinates })}
          label="Coordinates"
        />
        <Switch
          checked={settings.sound}
          onCheckedChange={(sound) => updateSettings({ sound })}
          label="Sound"
        />
      </div>
    </Dialog>
  );
}
