import type { Tree } from '../tree';

/** Every translation file of this language, each a lazy import (grouped into chunks by vite.config.ts). */
export default import.meta.glob<Tree>('./*.json', { import: 'default' });
