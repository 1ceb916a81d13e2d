import type { Config } from '@netlify/functions';
import { features } from '../../src/content/site.config.ts';
import { aiConfigured } from '../../src/server/ai.ts';
import { isLocalRun } from '../../src/server/env.ts';
import { endpoint, json } from '../../src/server/http.ts';
import { mailSettings } from '../../src/server/mail.ts';
import { STORE_UNAVAILABLE, pingStore } from '../../src/server/redis.ts';
import { botCheckOff, missingSettings } from '../../src/server/settings.ts';

/**
 * Reports whether the site can serve: the store reachable and every setting production requires
 * (src/server/settings.ts) set, else 503 naming what is missing. Each part reads as a short word,
 * never a value. Local runs fill in stand-ins, so nothing there reads as missing.
 */
export default endpoint({
  method: 'GET',
  access: 'public',
  async handle() {
    const local = isLocalRun();
    const missing = local ? [] : missingSettings(process.env);
    const storeMissing = missing.includes('UPSTASH_REDIS_REST_URL') || missing.includes('UPSTASH_REDIS_REST_TOKEN');
    const store = storeMissing ? 'missing' : (await pingStore()) ? 'up' : 'down';
    const state = (...names: string[]) => (names.some((name) => missing.includes(name)) ? 'missing' : 'configured');
    const parts = {
      store,
      tokenSecret: state('TOKEN_SECRET'),
      siteUrl: state('SITE_URL'),
      botCheck: botCheckOff(process.env) ? 'off' : state('RECAPTCHA_SECRET_KEY', 'PUBLIC_RECAPTCHA_SITE_KEY'),
      mail: local || mailSettings().enabled ? 'configured' : 'not configured',
      chatbot: !features.chatbot ? 'switched off' : local || aiConfigured() ? 'configured' : 'not configured',
    };
    if (missing.length === 0 && store === 'up') return { status: 'ok', ...parts };
    const problems = [
      ...(missing.length > 0 ? [`Missing settings: ${missing.join(', ')}.`] : []),
      ...(store === 'down' ? [STORE_UNAVAILABLE] : []),
    ];
    return json(
      { status: 'unavailable', error: problems.join(' '), code: 'unavailable', missing, ...parts },
      503,
      // A store that did not answer may in a moment; a missing setting waits for a deploy.
      store === 'down' ? { 'Retry-After': '5' } : {},
    );
  },
});

export const config: Config = {
  path: '/api/health',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
