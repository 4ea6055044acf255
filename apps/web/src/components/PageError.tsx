import { Component, type ReactNode } from 'react';
import { Button } from './ui/button.tsx';

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
      <main className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-3 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">The page could not be loaded</h1>
        <p className="text-slate-600">Please check your connection and try again.</p>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </main>
    );
  }
}
