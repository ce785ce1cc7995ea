import { createContext, useContext, useEffect } from 'react';

/**
 * Lets a screen's content name the browser tab more precisely than its route's title (a legal
 * document's own title, loaded with the document). The route's Screen (app/Screen.tsx) provides
 * it and writes document.title from the title given here, or its own when none is: the order in
 * which the two mount no longer decides which one wins.
 */
export const DocumentTitleContext = createContext<((title: string | null) => void) | null>(null);

/** Names the tab `${title} | Circle` while the caller is on screen; null gives the route's title back. */
export function useDocumentTitle(title: string | null): void {
  const set = useContext(DocumentTitleContext);
  useEffect(() => {
    // Outside a route's Screen (a test, an embed): the title directly, and the one before after.
    if (!set) {
      if (!title) return;
      const previous = document.title;
      document.title = `${title} | Circle`;
      return () => {
        document.title = previous;
      };
    }
    set(title);
    return () => set(null);
  }, [set, title]);
}
