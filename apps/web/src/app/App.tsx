import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from '../components/ui/toaster.tsx';
import { TooltipProvider } from '../components/ui/tooltip.tsx';
import { PieceSprite } from '../features/game/index.ts';
import { createQueryClient } from '../lib/queryClient.ts';
import { routes } from './routes.tsx';

/** The providers every page needs: data cache, tooltips, toasts and the piece drawings. */
export function Providers({ client, children }: { client: QueryClient; children: React.ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <PieceSprite />
        {children}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}

export function App() {
  const [client] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>
  );
}
