import { byArea, type Tree } from '../tree';

/** Every translation file of this language (a chunk of its own: only the chosen language loads). */
export default byArea(import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' }));
