import { type ReactElement, StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { seedSession } from '../features/auth/index.ts';
import { createQueryClient } from '../lib/queryClient.ts';
import { App } from './App.tsx';
import { preparePage } from './routes.tsx';

/**
 * The app for the page in `root`, ready to render: the data cache starts with the page's session,
 * and a page whose document preloads its code resolves once that has loaded, so that it renders at
 * once (a failure to load shows when the page renders).
 */
export async function startApp(root: HTMLElement): Promise<ReactElement> {
  const client = createQueryClient();
  seedSession(client);
  await preparePage[root.dataset.page ?? '']?.(client, window.location.pathname).catch(() => {});
  return (
    <StrictMode>
      <App client={client} Router={BrowserRouter} />
    </StrictMode>
  );
}
