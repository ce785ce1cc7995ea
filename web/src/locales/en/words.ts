import type { Tree } from '../tree';

/**
 * Every English file, each a lazy import: the screens' words (grouped into en-screens by
 * vite.config.ts) and, for tests and the back office's check, the first-visit words that
 * ./index.ts bundles with the app (those resolve at once).
 */
export default import.meta.glob<Tree>('./*.json', { import: 'default' });
