import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isolateEnv } from '../setup/isolated-env.ts';
import health, { config } from '../../netlify/functions/health.mts';
import { features } from '../../src/content/site.config.ts';
import { requiredSettings } from '../../src/server/settings.ts';

const SECRET_VALUES = {
  RECAPTCHA_SECRET_KEY: 'recaptcha-secret-value-1234',
  PUBLIC_RECAPTCHA_SITE_KEY: 'recaptcha-site-key-value-5678',
  SITE_URL: 'https://owner.example',
  RESEND_API_KEY: 're_resend-secret-value',
  MAIL_FROM: 'Site <site@owner.example>',
  OPENAI_API_KEY: 'sk-openai-secret-value',
};

async function get() {
  const response = await health(new Request('http://localhost/api/health'));
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** What health answers when every part is there. */
const EVERY_PART_CONFIGURED = {
  status: 'ok',
  store: 'up',
  tokenSecret: 'configured',
  siteUrl: 'configured',
  botCheck: 'configured',
  mail: 'configured',
  chatbot: features.chatbot ? 'configured' : 'switched off',
};

describe('GET /api/health', () => {
  const originalUrl = process.env.UPSTASH_REDIS_REST_URL;
  afterEach(() => {
    process.env.UPSTASH_REDIS_REST_URL = originalUrl;
  });

  it('is served at the path the site links to', () => {
    expect(config.path).toBe('/api/health');
  });

  it('answers 200 in a local run, every part reading as configured', async () => {
    const { status, text } = await get();
    expect(status).toBe(200);
    expect(JSON.parse(text)).toEqual(EVERY_PART_CONFIGURED);
  });

  it('answers 503 with a clear message when the store is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    process.env.UPSTASH_REDIS_REST_URL = 'http://127.0.0.1:9'; // discard port: nothing listens
    const started = Date.now();
    const { status, headers, text } = await get();
    expect(status).toBe(503);
    expect(headers.get('retry-after')).toBe('5');
    expect(JSON.parse(text)).toMatchObject({
      status: 'unavailable',
      error: 'The data store is unavailable right now. Please try again in a moment.',
      code: 'unavailable',
      store: 'down',
      missing: [],
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses other methods', async () => {
    const response = await health(new Request('http://localhost/api/health', { method: 'POST' }));
    expect(response.status).toBe(405);
  });
});

describe('GET /api/health in production: each part as configured or not, never a value', () => {
  isolateEnv(['APP_ENV', 'BOT_CHECK', 'URL', 'CONTACT_TO', 'OPENAI_BASE_URL', ...Object.keys(SECRET_VALUES)], {
    clear: true,
  });
  // The store's settings and TOKEN_SECRET come from the test run; the rest are set here.
  isolateEnv(['UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN', 'TOKEN_SECRET'], { clear: false });
  beforeEach(() => {
    Object.assign(process.env, SECRET_VALUES);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  /** Fails if the body holds any configured value (the store's URL and token, the secrets). */
  function expectNoValues(text: string) {
    const values = [
      ...Object.values(SECRET_VALUES),
      process.env.UPSTASH_REDIS_REST_URL,
      process.env.UPSTASH_REDIS_REST_TOKEN,
      process.env.TOKEN_SECRET,
    ].filter((value): value is string => Boolean(value));
    for (const value of values) expect(text).not.toContain(value);
  }

  it('answers 200 with everything set, saying what is configured', async () => {
    const { status, text } = await get();
    expect(status).toBe(200);
    expect(JSON.parse(text)).toEqual(EVERY_PART_CONFIGURED);
    expectNoValues(text);
  });

  it('reports mail and the chatbot as not configured, and still answers 200: they are optional', async () => {
    delete process.env.RESEND_API_KEY;
    delete process.env.OPENAI_API_KEY;
    const { status, text } = await get();
    expect(status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({
      mail: 'not configured',
      chatbot: features.chatbot ? 'not configured' : 'switched off',
    });
  });

  it.each(requiredSettings({}))('answers 503 naming %s when it is missing', async (name) => {
    delete process.env[name];
    const { status, headers, text } = await get();
    expect(status).toBe(503);
    const body = JSON.parse(text);
    expect(body).toMatchObject({ status: 'unavailable', code: 'unavailable', missing: [name] });
    expect(body.error).toBe(`Missing settings: ${name}.`);
    expect(headers.get('retry-after')).toBeNull();
    expectNoValues(text);
  });

  it('names the part each missing setting belongs to', async () => {
    delete process.env.UPSTASH_REDIS_REST_TOKEN;
    process.env.TOKEN_SECRET = 'too-short';
    delete process.env.RECAPTCHA_SECRET_KEY;
    delete process.env.SITE_URL;
    const body = JSON.parse((await get()).text);
    expect(body).toMatchObject({ store: 'missing', tokenSecret: 'missing', botCheck: 'missing', siteUrl: 'missing' });
    expect(body.missing).toEqual(['UPSTASH_REDIS_REST_TOKEN', 'TOKEN_SECRET', 'SITE_URL', 'RECAPTCHA_SECRET_KEY']);
  });

  it("takes Netlify's URL for SITE_URL", async () => {
    delete process.env.SITE_URL;
    process.env.URL = 'https://owner.netlify.app';
    const { status, text } = await get();
    expect(status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ siteUrl: 'configured' });
  });

  it('answers 200 with the bot check switched off (BOT_CHECK=off) and no reCAPTCHA keys', async () => {
    delete process.env.RECAPTCHA_SECRET_KEY;
    delete process.env.PUBLIC_RECAPTCHA_SITE_KEY;
    process.env.BOT_CHECK = 'off';
    const { status, text } = await get();
    expect(status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ status: 'ok', botCheck: 'off' });
  });

  it('answers 503 when the store is set but unreachable', async () => {
    process.env.UPSTASH_REDIS_REST_URL = 'http://127.0.0.1:9';
    const { status, text } = await get();
    expect(status).toBe(503);
    expect(JSON.parse(text)).toMatchObject({ store: 'down', missing: [] });
    expectNoValues(text);
  });
});
