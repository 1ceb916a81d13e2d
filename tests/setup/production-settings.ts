/** An environment with every setting production requires (src/server/settings.ts), each good enough to serve. */
export const COMPLETE_SETTINGS = {
  UPSTASH_REDIS_REST_URL: 'https://eu1.upstash.io',
  UPSTASH_REDIS_REST_TOKEN: 'token',
  TOKEN_SECRET: 'a'.repeat(64),
  SITE_URL: 'https://owner.example',
  RECAPTCHA_SECRET_KEY: 'secret',
  PUBLIC_RECAPTCHA_SITE_KEY: 'site-key',
};
