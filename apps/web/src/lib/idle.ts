/**
 * Runs `task` once the page has loaded and the browser is idle (at the latest 2 s later), for
 * work that must not compete with the page's own; returns a cancel.
 */
export function whenIdle(task: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(task, { timeout: 2000 });
      cancel = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(task, 200); // Safari has no requestIdleCallback
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}
