import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { PageFrame } from '../components/PageFrame.tsx';
import { Spinner } from '../components/ui/card.tsx';
import { queryKeys } from '../lib/query-keys.ts';
import { createQueryClient } from '../lib/queryClient.ts';
import { App } from './App.tsx';

// The markup that the build writes into the pages the server sends (apps/web/build/pages.ts).

const AtLanding = ({ children }: { children: ReactNode }) => (
  <StaticRouter location="/">{children}</StaticRouter>
);

/** The landing page as a visitor first sees it, which main.tsx hydrates: the same tree with no user, at `/`. */
export async function renderLanding(): Promise<string> {
  const client = createQueryClient();
  client.setQueryData(queryKeys.session, null);
  const app = (
    <StrictMode>
      <App client={client} Router={AtLanding} />
    </StrictMode>
  );
  // A first render waits for every part loaded on demand; the second then renders them all at
  // once, as plain markup (streamed parts would need inline scripts, which the CSP forbids).
  const { prelude } = await prerenderToNodeStream(app);
  for await (const _ of prelude);
  return renderToString(app);
}

/** What any page shows until its code has run: the frame with the spinner, which the app renders over. */
export function renderLoading(): string {
  return renderToString(
    <PageFrame>
      <Spinner />
    </PageFrame>,
  );
}
