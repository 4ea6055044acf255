import type { ComponentType } from 'react';

/** Code loaded on demand. */
export interface OnDemand<M> {
  /** Starts loading the module, once; settles when it has loaded. */
  load(): Promise<M>;
  /** The module, during a render: at once when it has loaded, else the component suspends until then. */
  read(): M;
}

/**
 * Like React.lazy, but a module loaded before the render (start.tsx waits for the page's) renders at
 * once: no fallback first, and so no hold of 300 ms that React puts on content revealed soon after a
 * fallback. Until then a render suspends the way React.lazy's does, on the loading promise.
 */
export function onDemand<M>(importer: () => Promise<M>): OnDemand<M> {
  let loaded: { module: M } | { error: unknown } | undefined;
  let loading: Promise<M> | undefined;
  const load = () => {
    loading ??= importer().then(
      (module) => {
        loaded = { module };
        return module;
      },
      (error) => {
        loaded = { error };
        throw error;
      },
    );
    return loading;
  };
  const read = () => {
    if (!loaded) throw load().catch(() => {});
    if ('error' in loaded) throw loaded.error;
    return loaded.module;
  };
  return { load, read };
}

/** A component of a module loaded on demand, used like the component itself. */
export function componentOf<M, K extends keyof M>(code: OnDemand<M>, name: K): M[K] {
  const Loaded = (props: object) => {
    const Component = code.read()[name] as ComponentType<object>;
    return <Component {...props} />;
  };
  return Loaded as M[K];
}
