import * as Toast from '@radix-ui/react-toast';
import { cn } from '../../lib/cn.ts';
import { dismissToast, TOAST_DURATION, useToasts } from './toast-store.ts';

/**
 * The notification region: bottom right, at most 420 px wide, F8 focuses it, a toast lasts 5 s and
 * is swiped away to the right past 50 px. Below lg (phones) it is at the top and compact, over the
 * header, where it covers neither the board nor the game controls under it.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            'toast-root pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-8 shadow-lg max-lg:py-2 max-lg:pl-3',
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-600 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1 max-lg:gap-0">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description && (
              <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded p-1 text-current opacity-70 hover:opacity-100 focus:opacity-100"
          >
            <span aria-hidden="true">✕</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={['F8']}
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full max-w-[420px] flex-col gap-2 p-4 outline-none max-lg:top-0 max-lg:bottom-auto max-lg:p-2"
      />
    </Toast.Provider>
  );
}
