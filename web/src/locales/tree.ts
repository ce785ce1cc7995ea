/** A translation file: nested keys with string leaves. */
export type Tree = { [key: string]: string | Tree };

/**
 * Puts each file {area}.json of one language under "{area}." in one tree, so
 * t('common.header.getStarted') reads locales/{lang}/common.json.
 */
export function byArea(files: Record<string, Tree>): Tree {
  const tree: Tree = {};
  for (const [path, content] of Object.entries(files)) {
    const m = /([^/]+)\.json$/.exec(path);
    if (m?.[1]) tree[m[1]] = content;
  }
  return tree;
}
