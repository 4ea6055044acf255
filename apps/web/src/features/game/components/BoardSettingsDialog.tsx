import { Choice } from '../../../components/Choice.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { PIECE_SETS, THEMES, updateSettings, useBoardSettings } from '../hooks/useBoardSettings.ts';

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
        <Choice
          legend="Board colours"
          name="board-theme"
          value={settings.theme}
          options={Object.entries(THEMES).map(([key, t]) => ({
            value: key as keyof typeof THEMES,
            label: t.label,
            swatch: <Swatch light={t.light} dark={t.dark} />,
          }))}
          onChange={(theme) => updateSettings({ theme })}
        />
        <Choice
          legend="Pieces"
          name="board-pieces"
          value={settings.pieces}
          options={Object.entries(PIECE_SETS).map(([key, label]) => ({
            value: key as keyof typeof PIECE_SETS,
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
