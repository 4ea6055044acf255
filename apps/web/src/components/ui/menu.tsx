import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';

const menuItems = (menu: HTMLElement | null): HTMLElement[] => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

export interface MenuItem {
  label: string;
  onSelect: () => void;
  destructive?: boolean;
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it on the first item,
 * ArrowUp on the last; arrows, Home and End move between items; Escape closes it and returns focus
 * to the button; Tab or a click outside closes it.
 */
export function Menu({
  trigger,
  header,
  items,
  className,
}: {
  /** The button's content (its accessible name). */
  trigger: ReactNode;
  /** Shown above the items, not focusable. */
  header?: ReactNode;
  items: MenuItem[];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [initial, setInitial] = useState<'first' | 'last'>('first');
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const els = menuItems(list.current);
    (initial === 'first' ? els[0] : els.at(-1))?.focus();
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, initial]);

  const openAt = (at: 'first' | 'last') => {
    setInitial(at);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const els = menuItems(list.current);
    const at = els.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => els[(i + els.length) % els.length]?.focus();
    if (e.key === 'ArrowDown') focus(at + 1);
    else if (e.key === 'ArrowUp') focus(at - 1);
    else if (e.key === 'Home') focus(0);
    else if (e.key === 'End') focus(els.length - 1);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') return setOpen(false);
    else return;
    e.preventDefault();
  };

  return (
    <div ref={root} className={cn('relative', className)}>
      <button
        ref={button}
        id={`${id}-button`}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onButtonKey}
        className="inline-flex h-8 max-w-[14rem] items-center gap-2 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 aria-expanded:bg-slate-100"
      >
        {trigger}
        <span aria-hidden="true" className="hidden text-xs text-slate-400 sm:inline">
          ▾
        </span>
      </button>
      {open && (
        <div
          ref={list}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          tabIndex={-1}
          onKeyDown={onMenuKey}
          className="absolute right-0 z-30 mt-1 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {header && <div className="border-b border-slate-100 px-3 py-2 text-sm">{header}</div>}
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
              className={cn(
                'block w-full px-3 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none',
                item.destructive ? 'text-red-700' : 'text-slate-800',
              )}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
