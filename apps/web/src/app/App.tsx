import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useRoutes } from 'react-router';
import { useToasts } from '../components/ui/toast-store.ts';
import { routes } from './routes.tsx';

const Toaster = lazy(() => import('../components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })));

/** Radix's toasts load with the first toast: a page that shows none (most) never pays for them. */
function LateToaster() {
  const [first] = useToasts();
  if (!first) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** The providers every page needs: the data cache and the toasts. */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <LateToaster />
    </QueryClientProvider>
  );
}

function Pages() {
  return useRoutes(routes);
}

/** The app under a router: the browser's (start.tsx), or a fixed address when prerendered. */
export function App({
  client,
  Router,
}: {
  client: QueryClient;
  Router: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <Providers client={client}>
      <Router>
        <Pages />
      </Router>
    </Providers>
  );
}
