import { Component, type ReactNode } from 'react';
import { Button } from './ui/button.tsx';

/** A page's or a record's failure to load: what failed, a sentence, and the way to try again. */
export function LoadFailure({
  title,
  sentence,
  action,
  onAction,
  busy = false,
  children,
}: {
  title: string;
  sentence: string;
  action: string;
  onAction: () => void;
  /** The new attempt is under way. */
  busy?: boolean;
  /** Further ways out, beside the action. */
  children?: ReactNode;
}) {
  return (
    <main className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-3 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-600">{sentence}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" disabled={busy} onClick={onAction}>
          {action}
        </Button>
        {children}
      </div>
    </main>
  );
}

/**
 * A page that failed to render, most often because its code could not load (the network, or a new
 * version of the app replaced it): says so and offers to reload.
 */
export class PageError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <LoadFailure
        title="The page could not be loaded"
        sentence="Please check your connection and try again."
        action="Reload"
        onAction={() => window.location.reload()}
      />
    );
  }
}
