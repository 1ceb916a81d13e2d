// Health with the chatbot switched off in the config: the part reads 'switched off', not 'not
// configured' (an owner who switched it off has nothing to set), and the site is still ok.
import { describe, expect, it, vi } from 'vitest';
import health from '../../netlify/functions/health.mts';

vi.mock('../../src/content/site.config.ts', async (importOriginal) => {
  const config = await importOriginal<typeof import('../../src/content/site.config.ts')>();
  return { ...config, features: { ...config.features, chatbot: false } };
});

describe('GET /api/health with the chatbot switched off', () => {
  it("reports the chatbot as 'switched off' and answers 200", async () => {
    const response = await health(new Request('http://localhost/api/health'));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', chatbot: 'switched off' });
  });
});
