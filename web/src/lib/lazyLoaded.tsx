import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded component that renders directly once its chunk is here. React.lazy suspends
 * on a component's first render even when its chunk was downloaded long before, and React holds
 * a suspended boundary's content back for up to 300 ms (its fallback throttle): a dialog behind
 * one opened 330-470 ms after the click. `preload` downloads the chunk ahead (idle time, hover);
 * rendering before it arrives suspends like React.lazy.
 */
export function lazyLoaded<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err: unknown) => {
        loading = null; // a failed download is tried again next time
        throw err;
      },
    ));
  const Lazy = lazy(preload);
  // The loaded component is set before React hears the chunk arrived, so a first render that
  // suspended commits the loaded component, never the lazy one: its type never changes.
  function LazyLoaded(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(LazyLoaded, { preload });
}
