// Sentinel values for every secret the server reads. `npm test` builds the site with these in
// the environment, and security.spec.ts proves none of them reaches dist/.
export const SENTINEL_SECRETS = {
  TOKEN_SECRET: 'sentinel-token-secret-4f1d9c2b7a6e5d4c3b2a1f0e',
  UPSTASH_REDIS_REST_TOKEN: 'sentinel-upstash-token-8e7d6c5b4a39',
  OPENAI_API_KEY: 'sk-sentinel-openai-key-0a1b2c3d4e5f',
  RESEND_API_KEY: 're_sentinel_resend_key_5f4e3d2c1b0a',
  RECAPTCHA_SECRET_KEY: 'sentinel-recaptcha-secret-9a8b7c6d',
} as const;
