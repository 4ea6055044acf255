// First: react-dom looks for the hook when it loads.
import './render-count.ts';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetToasts } from '../src/components/ui/toast-store.ts';

// Pages load on demand: on a busy two-core machine a lazy chunk can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

// What jsdom lacks and Radix or the board use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
document.elementFromPoint ??= () => null;
// jsdom has no keyboard modality (:focus-visible never matches): take every focus as a browser
// takes one from the keyboard, so that the board keeps its arrow keys (useKeyboard.ts). The
// pointer case, where they step through the moves, is for Chromium (e2e/review.test.ts).
const matches = Element.prototype.matches;
Element.prototype.matches = function (this: Element, selector: string) {
  return selector === ':focus-visible' ? this === document.activeElement : matches.call(this, selector);
};
// jsdom's WebSocket would dial whatever listens on localhost (every page of a signed-in user opens
// one for the maintenance banner): a socket that never opens, unless a test fakes one (live-helpers.ts).
class InertSocket {
  static readonly OPEN = 1;
  readonly readyState = 0;
  send() {}
  close() {}
}
globalThis.WebSocket = InertSocket as unknown as typeof WebSocket;
// jsdom has <audio> elements but cannot play them (the sounds).
HTMLMediaElement.prototype.play = () => Promise.resolve();
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;

afterEach(() => {
  cleanup();
  resetToasts();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});
