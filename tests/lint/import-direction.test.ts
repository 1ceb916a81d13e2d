// Proves the lint rules that keep docs/architecture.md's import direction actually fire, with their reason.
import { existsSync, readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
// Its config and plugins load while the file is collected (seconds on a busy machine), not in a test.
await eslint.calculateConfigForFile('src/features/auth/store.ts');
/** The import rules: ESLint's, or typescript-eslint's twin (which lets type-only imports through) in features. */
const IMPORT_RULES = ['no-restricted-imports', '@typescript-eslint/no-restricted-imports'];

async function messagesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => IMPORT_RULES.includes(m.ruleId ?? '')).map((m) => m.message);
}

describe('import direction lint rules', () => {
  it('keeps server-only code out of browser code, saying why', async () => {
    const page = await messagesFor(
      'src/features/auth/store.ts',
      "import { redis } from '../../server/redis.ts';\nredis();\n",
    );
    expect(page).toHaveLength(1);
    expect(page[0]).toMatch(/would leak into the client bundle/);
    const island = await messagesFor(
      'src/features/shop/components/Cart.tsx',
      "import { addItem } from '../service.server.ts';\nexport const x = addItem;\n",
    );
    expect(island[0]).toMatch(/server-only/);
  });

  it('keeps functions thin and the platform below the features', async () => {
    const fn = await messagesFor(
      'netlify/functions/cart.mts',
      "import { saveCart } from '../../src/features/shop/repo.server.ts';\nsaveCart();\n",
    );
    expect(fn[0]).toMatch(/Functions stay thin/);
    const server = await messagesFor('src/server/http.ts', "import { x } from '../features/shop/logic.ts';\nx();\n");
    expect(server[0]).toMatch(/features import server\//);
    const lib = await messagesFor('src/lib/format.ts', "import { readFileSync } from 'node:fs';\nreadFileSync('x');\n");
    expect(lib[0]).toMatch(/isomorphic/);
  });

  it('keeps features apart, and shared code below them', async () => {
    const store = await messagesFor('src/features/forum/store.ts', "import { $x } from '../auth/store.ts';\n$x;\n");
    expect(store[0]).toMatch(/A feature does not import another feature/);
    const island = await messagesFor(
      'src/features/shop/components/Cart.tsx',
      "import { x } from '../../auth/logic.ts';\nexport const y = x;\n",
    );
    expect(island[0]).toMatch(/A feature does not import another feature/);
    const repo = await messagesFor(
      'src/features/forum/repo.server.ts',
      "import { x } from '../auth/repo.server.ts';\nexport const y = x;\n",
    );
    expect(repo[0]).toMatch(/A feature does not import another feature/);
    for (const file of ['src/components/Nav.ts', 'src/content/polls.ts', 'src/platform/session.ts']) {
      const below = await messagesFor(file, "import { x } from '../features/auth/logic.ts';\nexport const y = x;\n");
      expect(below[0]).toMatch(/never import them/);
    }
    expect(
      await messagesFor(
        'src/features/forum/components/Forum.tsx',
        "import { $user } from '../../../platform/session.ts';\nimport { $f } from '../store.ts';\nexport const y = [$user, $f];\n",
      ),
    ).toEqual([]);
  });

  it("lets a feature import another feature's schema for its types only, written as a type import", async () => {
    expect(
      await messagesFor(
        'src/features/dashboard/store.ts',
        "import type { AllStats } from '../word-game/schema.ts';\nexport type S = AllStats;\n",
      ),
    ).toEqual([]);
    expect(
      await messagesFor(
        'src/features/dashboard/components/OrdersCard.tsx',
        "import type { OrderSummary } from '../../shop/schema.ts';\nexport type O = OrderSummary;\n",
      ),
    ).toEqual([]);
    const value = await messagesFor(
      'src/features/dashboard/store.ts',
      "import { wordGameScoreRequest } from '../word-game/schema.ts';\nexport const r = wordGameScoreRequest;\n",
    );
    expect(value[0]).toMatch(/public for its types only/);
    const rules = await messagesFor(
      'src/features/dashboard/logic.ts',
      "import type { Stats } from '../word-game/stats.ts';\nexport type S = Stats;\n",
    );
    expect(rules[0]).toMatch(/A feature does not import another feature/);
    // `import { type X }` keeps the module at runtime (an import with no names): it must say `import type`.
    const [inline] = await eslint.lintText(
      "import { type AllStats } from '../word-game/schema.ts';\nexport type S = AllStats;\n",
      { filePath: 'src/features/dashboard/store.ts' },
    );
    expect(inline?.messages.map((m) => m.ruleId)).toContain('@typescript-eslint/no-import-type-side-effects');
  });

  it('keeps src/lib domain-free: no feature or content in it, and no domain module left there', async () => {
    for (const from of ["'../features/word-game/stats.ts'", "'../content/site.config.ts'"]) {
      const lib = await messagesFor('src/lib/format.ts', `import { x } from ${from};\nexport const y = x;\n`);
      expect(lib[0], from).toMatch(/domain-free/);
    }
    // The word game's scores and statistics, and the shop's orders, moved to their features.
    for (const moved of ['scores.ts', 'word-game-stats.ts', 'orders.ts'])
      expect(existsSync(`src/lib/${moved}`)).toBe(false);
    const domainWords = /game|score|order|cart|forum|poll|wedding|chat|shop|dashboard/i;
    expect(readdirSync('src/lib').filter((name) => domainWords.test(name))).toEqual([]);
  });

  it('enforces the rules of hooks in islands', async () => {
    const [result] = await eslint.lintText(
      "import { useState } from 'react';\nexport function A({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n",
      { filePath: 'src/features/forum/components/A.tsx' },
    );
    expect(result?.messages.map((m) => m.ruleId)).toContain('react-hooks/rules-of-hooks');
  });

  it('allows the intended direction', async () => {
    expect(
      await messagesFor(
        'netlify/functions/cart.mts',
        "import { endpoint } from '../../src/server/http.ts';\nendpoint;\n",
      ),
    ).toEqual([]);
    expect(
      await messagesFor(
        'src/features/shop/service.server.ts',
        "import { redis } from '../../server/redis.ts';\nredis;\n",
      ),
    ).toEqual([]);
    expect(
      await messagesFor(
        'src/features/shop/store.ts',
        "import { NO_USER } from '../../lib/user-details.ts';\nNO_USER;\n",
      ),
    ).toEqual([]);
  });
});
