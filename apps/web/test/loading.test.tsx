import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seedSession } from '../src/features/auth/index.ts';
import { updateSettings } from '../src/features/game/hooks/useBoardSettings.ts';
import { CAPTURE_VOLUME, MOVE_VOLUME, playSound } from '../src/features/game/hooks/useSounds.ts';
import { componentOf, onDemand } from '../src/lib/on-demand.tsx';
import { queryKeys } from '../src/lib/query-keys.ts';
import { createQueryClient } from '../src/lib/queryClient.ts';

describe('the session written into the page', () => {
  afterEach(() => document.getElementById('session')?.remove());

  const page = (json: string) => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'session';
    script.textContent = json;
    document.body.append(script);
  };

  it('starts the cache with the signed-in user, or with no user', () => {
    page('{"id":"u1","username":"ada"}');
    const client = createQueryClient();
    seedSession(client);
    expect(client.getQueryData(queryKeys.session)).toEqual({ id: 'u1', username: 'ada' });
    document.getElementById('session')?.remove();
    page('null');
    const visitor = createQueryClient();
    seedSession(visitor);
    expect(visitor.getQueryState(queryKeys.session)?.status).toBe('success');
    expect(visitor.getQueryData(queryKeys.session)).toBeNull();
  });

  it('leaves the session to be asked for when the page has none (the dev server)', () => {
    const client = createQueryClient();
    seedSession(client);
    expect(client.getQueryState(queryKeys.session)).toBeUndefined();
  });
});

describe('code loaded on demand', () => {
  it('suspends until the module has loaded, then renders it at once', async () => {
    let resolve: (m: { Hello: (p: { name: string }) => React.ReactNode }) => void = () => {};
    const code = onDemand(
      () => new Promise<{ Hello: (p: { name: string }) => React.ReactNode }>((r) => (resolve = r)),
    );
    const Hello = componentOf(code, 'Hello');
    const { unmount } = render(
      <Suspense fallback={<p>waiting</p>}>
        <Hello name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    resolve({ Hello: ({ name }) => <p>Hello {name}</p> });
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    unmount();
    // Loaded: no fallback on the next render.
    render(
      <Suspense fallback={<p>waiting again</p>}>
        <Hello name="Bea" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Bea')).toBeTruthy();
    expect(screen.queryByText('waiting again')).toBeNull();
  });

  it('loads once, and a failure reaches the error boundary instead of suspending for ever', async () => {
    const importer = vi.fn(() => Promise.reject(new Error('offline')));
    const code = onDemand(importer);
    await expect(code.load()).rejects.toThrow('offline');
    await expect(code.load()).rejects.toThrow('offline');
    expect(importer).toHaveBeenCalledTimes(1);
    expect(() => code.read()).toThrow('offline');
  });
});

describe('sounds', () => {
  afterEach(() => updateSettings({ sound: true }));

  it('plays a synthesized WAV at the volumes of docs/architecture.md §7, and nothing when muted', () => {
    const played: HTMLMediaElement[] = [];
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this);
      return Promise.resolve();
    });
    updateSettings({ sound: true });
    playSound('move');
    playSound('capture');
    expect(played.map((a) => a.volume)).toEqual([MOVE_VOLUME, CAPTURE_VOLUME]);
    expect(played[0].src).toMatch(/^data:audio\/wav;base64,UklGR/);
    updateSettings({ sound: false });
    playSound('attack');
    expect(played).toHaveLength(2);
  });
});
