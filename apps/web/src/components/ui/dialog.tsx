import * as RadixDialog from '@radix-ui/react-dialog';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';

export interface DialogProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Wider content (the rules). */
  size?: 'sm' | 'md' | 'lg';
  /** A dialog that must be answered: no close button, Escape and outside clicks do nothing. */
  required?: boolean;
}

/**
 * A modal dialog with a title, an optional description and the caller's content. It renders from
 * the first time it opens on: a closed one (the game screen's five, rendered for every move) costs
 * no render of Radix's parts; one that has opened keeps them, for its closing animation.
 */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  return opened ? <OpenedDialog {...props} /> : null;
}

function OpenedDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'sm',
  required,
}: DialogProps) {
  const block = (e: Event) => {
    if (required) e.preventDefault();
  };
  // Radix gives focus back to a Dialog.Trigger, which no caller uses (a dialog opens from state),
  // so it would drop focus on the page's body: give it back to what had it, as a native dialog does.
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const returnFocus = (e: Event) => {
    e.preventDefault();
    opener.current?.focus();
  };
  // Radix gives Escape to its newest layer only: a toast shown after the dialog opened (a failed
  // call's) would take it, though focus is in the dialog. The key still reaches the dialog then, not
  // handled (a layer that closes on it, the dialog's own or a menu's within, prevents its default).
  const escapeUnderToast = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && !e.defaultPrevented && !required) onOpenChange?.(false);
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          onOpenAutoFocus={rememberOpener}
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          onKeyDown={escapeUnderToast}
          aria-describedby={description ? undefined : undefined}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-2xl focus:outline-none',
            size === 'sm' && 'max-w-sm',
            size === 'md' && 'max-w-lg',
            size === 'lg' && 'max-w-3xl',
          )}
        >
          <RadixDialog.Title className="pr-6 text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-slate-600">
              {description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          <div className="mt-4">{children}</div>
          {!required && (
            <RadixDialog.Close
              aria-label="Close"
              className="absolute top-3 right-3 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-amber-500"
            >
              <span aria-hidden="true">✕</span>
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
