/// <reference types="node" />
import { ESLint } from 'eslint';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The real eslint.config.js against files that break the front-end boundaries on purpose
// (src/test/fixtures/boundaries, left out of `npm run lint`). A fixture is linted at the path it
// pretends to live at, so its imports resolve against the real src tree.
const web = path.resolve(__dirname, '../..');
const fixtures = path.join(web, 'src/test/fixtures/boundaries');
const eslint = new ESLint({ cwd: web, ignore: false });

async function ruleIds(fixture: string, pretendPath: string): Promise<string[]> {
  const code = fs.readFileSync(path.join(fixtures, fixture), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: path.join(web, pretendPath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('front-end boundaries (eslint.config.js)', () => {
  it('reports a feature importing another feature', async () => {
    expect(await ruleIds('lobby-imports-marketplace.tsx', 'src/features/lobby/BoundaryFixture.tsx')).toContain('import-x/no-restricted-paths');
  });

  it('lets a feature import src/components and src/lib', async () => {
    expect(await ruleIds('lobby-imports-shared.tsx', 'src/features/lobby/BoundaryFixture.tsx')).toEqual([]);
  });

  it('reports src/lib importing a feature', async () => {
    expect(await ruleIds('money-imports-feature.ts', 'src/lib/BoundaryFixture.ts')).toContain('import-x/no-restricted-paths');
  });

  it('reports an import cycle', async () => {
    const [result] = await eslint.lintFiles([path.join(fixtures, 'cycle-a.ts')]);
    expect((result?.messages ?? []).map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});
