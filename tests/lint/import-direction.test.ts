// Proves the lint rules that keep ARCHITECTURE.md's import direction actually fire, with their reason.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function messagesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
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
