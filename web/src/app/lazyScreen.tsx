import { lazy, useState, type ComponentType } from 'react';

/**
 * React.lazy whose module can be fetched ahead (`preload`) and that renders at once, without
 * suspending, when its module has arrived before the screen first renders. React 19 holds back
 * the reveal of content that suspended until 300 ms after the last Suspense fallback appeared
 * (its fallback throttling), so a lazy screen whose chunk was already in (preloaded with the
 * HTML) still showed 200-300 ms late on a first visit: the marketplace's first card, and a shared
 * link's details a second time over.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (err: unknown) => {
        // A failed download may be tried again (the next render's lazy call, a later preload).
        loading = null;
        throw err;
      },
    ));
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  function LazyScreen(props: P) {
    // Chosen once per mount: switching between the two would remount the screen.
    const [Screen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Screen {...props} />;
  }
  return Object.assign(LazyScreen, { preload });
}
