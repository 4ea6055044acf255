import { Link } from 'react-router';
import rulesText from '../../../../../../docs/rules.md?raw';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { PRODUCT } from '../../../lib/site.ts';
import { Markdown, rulesSections } from '../lib/markdown.tsx';

/** The eleven sections of docs/rules.md, the player's rules text. */
export const RULES_SECTIONS = rulesSections(rulesText);

/** Brings a section into view with the focus on its title, once the dialog has placed its own focus. */
const focusSection = (title: HTMLHeadingElement | null) => {
  if (!title) return;
  setTimeout(() => {
    title.scrollIntoView?.({ block: 'start' });
    title.focus();
  });
};

export function RulesDialog({
  open,
  onOpenChange,
  section,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The section to open at (its number), for a 'Why?' that points into the rules. */
  section?: number;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`${PRODUCT} Rules`} size="lg">
      <p className="mb-4 text-sm text-slate-700">
        Learn them on the board:{' '}
        <Link to="/learn" className="font-medium text-amber-700 hover:underline">
          interactive lessons and puzzles
        </Link>
        .
      </p>
      <nav aria-label="Rules sections" className="mb-4">
        <ol className="grid gap-1 text-sm sm:grid-cols-3">
          {RULES_SECTIONS.map((s) => (
            <li key={s.number}>
              <a className="text-amber-700 hover:underline" href={`#rules-${s.number}`}>
                {s.number}. {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="space-y-6 text-sm leading-relaxed text-slate-700">
        {RULES_SECTIONS.map((s) => (
          <section
            key={s.number}
            id={`rules-${s.number}`}
            aria-labelledby={`rules-${s.number}-title`}
            className="space-y-2"
          >
            <h3
              id={`rules-${s.number}-title`}
              ref={s.number === section ? focusSection : undefined}
              tabIndex={s.number === section ? -1 : undefined}
              className="text-base font-semibold text-slate-900 outline-none"
            >
              {s.number}. {s.title}
            </h3>
            <Markdown source={s.body} />
          </section>
        ))}
      </div>
    </Dialog>
  );
}
