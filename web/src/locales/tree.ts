/** A translation file: nested keys with string leaves. */
export type Tree = { [key: string]: string | Tree };

/** Puts b's keys into a copy of a, tree by tree (b wins on a leaf). */
export function mergeTrees(a: Tree, b: Tree): Tree {
  const out: Tree = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const mine = out[k];
    out[k] = typeof v !== 'string' && mine !== undefined && typeof mine !== 'string' ? mergeTrees(mine, v) : v;
  }
  return out;
}

/** The area of a translation file's path: {area}.json, or {area}.titles.json (its route titles). */
export function fileArea(path: string): string | null {
  return /([^/\\.]+)(?:\.titles)?\.json$/.exec(path)?.[1] ?? null;
}

/**
 * Puts each file {area}.json of one language under "{area}." in one tree, so
 * t('common.header.getStarted') reads locales/{lang}/common.json. A screen area's route titles
 * ({area}.titles.json: bundled, while {area}.json waits for its screen) go under the same key.
 */
export function byArea(files: Record<string, Tree>): Tree {
  let tree: Tree = {};
  for (const [path, content] of Object.entries(files)) {
    const area = fileArea(path);
    if (area) tree = mergeTrees(tree, { [area]: content });
  }
  return tree;
}
