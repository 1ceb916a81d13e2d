import { afterEach, describe, expect, it, vi } from 'vitest';
import health, { config } from '../../netlify/functions/health.mts';

describe('GET /api/health', () => {
  const originalUrl = process.env.UPSTASH_REDIS_REST_URL;
  afterEach(() => {
    process.env.UPSTASH_REDIS_REST_URL = originalUrl;
  });

  it('is served at the path the site links to', () => {
    expect(config.path).toBe('/api/health');
  });

  it('answers 200 when the store answers', async () => {
    const response = await health(new Request('http://localhost/api/health'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', store: 'up' });
  });

  it('answers 503 with a clear message when the store is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    process.env.UPSTASH_REDIS_REST_URL = 'http://127.0.0.1:9'; // discard port: nothing listens
    const started = Date.now();
    const response = await health(new Request('http://localhost/api/health'));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({
      error: 'The data store is unavailable right now. Please try again in a moment.',
      code: 'unavailable',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses other methods', async () => {
    const response = await health(new Request('http://localhost/api/health', { method: 'POST' }));
    expect(response.status).toBe(405);
  });
});
