import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The app is a module apart from React's, which the documents preload: the browser runs the two
// in two tasks rather than one long one.
void import('./app/start.tsx').then(async ({ startApp }) => {
  const app = await startApp(root);
  // A transition lets React yield to the browser while it renders, instead of one long task.
  startTransition(() => {
    // The server sends a visitor's landing page already rendered (build/pages.ts).
    if (root.hasAttribute('data-hydrate')) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
});
