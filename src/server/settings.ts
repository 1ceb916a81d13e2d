// Every setting the site reads from its environment, in one place: what each is for and whether a
// production deploy must set it. The build (src/integrations/required-settings.ts), /api/health
// and the bot check (src/server/captcha.ts) all decide "required" from this list; README's settings
// table and .env.example list the same names (tests hold them to it). Pure: no imports, so
// astro.config.mjs can load it.

/** Whether a production deploy must set a setting: always, unless the bot check is switched off, or never. */
export type Requirement = 'required' | 'required-unless-bot-check-off' | 'optional';

export interface Setting {
  name: string;
  requirement: Requirement;
  /** What it is for, in a line (.env.example's comment). */
  purpose: string;
  /** Only local runs and tests read it (never set on Netlify). */
  localOnly?: true;
}

/** The value of BOT_CHECK that switches the bot check off (login, register, order, chatbot and contact then rely on rate limits alone). */
export const BOT_CHECK_OFF = 'off';

/** HS256 is only as strong as its key: RFC 7518 asks for at least the hash size, 256 bits. */
export const MIN_SECRET_BYTES = 32;

export const SETTINGS: readonly Setting[] = [
  { name: 'UPSTASH_REDIS_REST_URL', requirement: 'required', purpose: 'the data store: Upstash REST URL' },
  { name: 'UPSTASH_REDIS_REST_TOKEN', requirement: 'required', purpose: 'the data store: Upstash REST token' },
  {
    name: 'TOKEN_SECRET',
    requirement: 'required',
    purpose: `signs session tokens: at least ${MIN_SECRET_BYTES} bytes (openssl rand -hex 32); changing it ends every session`,
  },
  {
    name: 'SITE_URL',
    requirement: 'required',
    purpose: "the site's address for canonical links, Open Graph, sitemap.xml and robots.txt (Netlify's URL stands in)",
  },
  {
    name: 'RECAPTCHA_SECRET_KEY',
    requirement: 'required-unless-bot-check-off',
    purpose: 'the bot check (reCAPTCHA v3) secret key, checked by the server',
  },
  {
    name: 'PUBLIC_RECAPTCHA_SITE_KEY',
    requirement: 'required-unless-bot-check-off',
    purpose: 'the bot check (reCAPTCHA v3) site key, built into the pages',
  },
  {
    name: 'BOT_CHECK',
    requirement: 'optional',
    purpose: `"${BOT_CHECK_OFF}" switches the bot check off: login, register, order, chatbot and contact are then protected by rate limits only`,
  },
  { name: 'RECAPTCHA_MIN_SCORE', requirement: 'optional', purpose: 'the lowest reCAPTCHA score let through (0.5)' },
  {
    name: 'RECAPTCHA_VERIFY_URL',
    requirement: 'optional',
    purpose: "reCAPTCHA's siteverify URL (tests point it at a fake)",
  },
  { name: 'RESEND_API_KEY', requirement: 'optional', purpose: 'mail through Resend (without it, mail is not sent)' },
  { name: 'MAIL_FROM', requirement: 'optional', purpose: 'the sender of mail, on a domain verified in Resend' },
  {
    name: 'CONTACT_TO',
    requirement: 'optional',
    purpose: "the owner's inbox for contact messages, in place of the site config's owner.email",
  },
  { name: 'RESEND_BASE_URL', requirement: 'optional', purpose: 'where the Resend client sends (local runs and tests)' },
  { name: 'MAIL_DAILY_CONTACT_CAP', requirement: 'optional', purpose: 'contact mails to the owner a day (40)' },
  { name: 'MAIL_DAILY_ORDER_CAP', requirement: 'optional', purpose: 'order confirmations a day, all accounts (20)' },
  {
    name: 'MAIL_DAILY_POLL_CAP',
    requirement: 'optional',
    purpose: "scheduling-poll mail a day: decisions to voters, organisers' digests (20)",
  },
  { name: 'MAIL_DAILY_RSVP_CAP', requirement: 'optional', purpose: 'wedding RSVP confirmations a day (20)' },
  {
    name: 'MAIL_DAILY_CAP',
    requirement: 'optional',
    purpose: 'all mail a day, shared by the budgets not set (100)',
  },
  { name: 'MAIL_DAILY_PER_ACCOUNT', requirement: 'optional', purpose: 'order confirmations per account a day (10)' },
  {
    name: 'OPENAI_API_KEY',
    requirement: 'optional',
    purpose: 'the chatbot model (without it, the chatbot answers 503)',
  },
  { name: 'OPENAI_MODEL', requirement: 'optional', purpose: 'the chatbot model (gpt-4o-mini)' },
  {
    name: 'OPENAI_BASE_URL',
    requirement: 'optional',
    purpose: 'an OpenAI-compatible server instead of OpenAI (then no key is needed)',
  },
  { name: 'OPENAI_TIMEOUT_MS', requirement: 'optional', purpose: 'how long one answer may take, at most 50000 ms' },
  {
    name: 'CHATBOT_GUEST_QUESTIONS_PER_DAY',
    requirement: 'optional',
    purpose: "a guest's chatbot questions a day (20)",
  },
  {
    name: 'CHATBOT_USER_QUESTIONS_PER_DAY',
    requirement: 'optional',
    purpose: "a signed-in user's chatbot questions a day (50)",
  },
  {
    name: 'CHATBOT_QUESTIONS_PER_DAY',
    requirement: 'optional',
    purpose: "the whole site's chatbot questions a day (500)",
  },
  { name: 'CHATBOT_TOKENS_PER_DAY', requirement: 'optional', purpose: "the whole site's model tokens a day (500000)" },
  {
    name: 'CHATBOT_TOKENS_PER_VISITOR_PER_DAY',
    requirement: 'optional',
    purpose: "one visitor's model tokens a day (25000)",
  },
  {
    name: 'REDIS_URL',
    requirement: 'optional',
    purpose: 'the local store runs its commands on this real Redis',
    localOnly: true,
  },
  {
    name: 'FAKE_OPENAI_FIRST_CHUNK_MS',
    requirement: 'optional',
    purpose: "the local echo model's wait before its first words (300)",
    localOnly: true,
  },
  {
    name: 'FAKE_OPENAI_CHUNK_MS',
    requirement: 'optional',
    purpose: "the local echo model's wait between words (40)",
    localOnly: true,
  },
  { name: 'PORT', requirement: 'optional', purpose: 'where npm start listens (8888)', localOnly: true },
  { name: 'HOST', requirement: 'optional', purpose: 'the address npm start listens on (127.0.0.1)', localOnly: true },
  {
    name: 'SITE_HOSTS',
    requirement: 'optional',
    purpose: 'with HOST=0.0.0.0: the names other machines reach the local server by',
    localOnly: true,
  },
  {
    name: 'DEMO_ACCOUNTS',
    requirement: 'optional',
    purpose: 'with HOST=0.0.0.0: 1 creates the demo data anyway',
    localOnly: true,
  },
  { name: 'DATA_DIR', requirement: 'optional', purpose: 'where local data lives (.data/)', localOnly: true },
  {
    name: 'LOCAL_STORE_DIR',
    requirement: 'optional',
    purpose: "the local store's folder (.data/local-store/)",
    localOnly: true,
  },
  {
    name: 'LOCAL_STORE_PORT',
    requirement: 'optional',
    purpose: "the local store's port (a free one)",
    localOnly: true,
  },
  { name: 'CHROMIUM_PATH', requirement: 'optional', purpose: "the browser tests' Chromium", localOnly: true },
  { name: 'E2E_PORT', requirement: 'optional', purpose: "the browser tests' port (4873)", localOnly: true },
  {
    name: 'FIREFOX_PATH',
    requirement: 'optional',
    purpose: "the browser tests' Firefox (129 or newer)",
    localOnly: true,
  },
  {
    name: 'WEBKIT_WEBDRIVER',
    requirement: 'optional',
    purpose: "the browser tests' WebKitGTK WebDriver",
    localOnly: true,
  },
  {
    name: 'WEBKIT_MINIBROWSER',
    requirement: 'optional',
    purpose: "the browser tests' WebKitGTK MiniBrowser",
    localOnly: true,
  },
];

export type Env = Record<string, string | undefined>;

/** Reads a setting; blank counts as unset. */
export function settingValue(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** Tells whether BOT_CHECK=off switches the bot check off. */
export function botCheckOff(env: Env): boolean {
  return settingValue(env, 'BOT_CHECK')?.toLowerCase() === BOT_CHECK_OFF;
}

/** The site's address: SITE_URL, else the URL Netlify sets for builds and functions. */
export function siteUrl(env: Env): string | undefined {
  return settingValue(env, 'SITE_URL') ?? settingValue(env, 'URL');
}

/** Tells whether `setting` is set well enough to serve (TOKEN_SECRET long enough; SITE_URL or Netlify's URL). */
function satisfied(env: Env, name: string): boolean {
  if (name === 'SITE_URL') return siteUrl(env) !== undefined;
  const value = settingValue(env, name);
  if (name === 'TOKEN_SECRET') return value !== undefined && new TextEncoder().encode(value).length >= MIN_SECRET_BYTES;
  return value !== undefined;
}

/** The settings a production deploy must set given `env` (the bot check's two keys unless BOT_CHECK=off). */
export function requiredSettings(env: Env): string[] {
  return SETTINGS.filter(
    (setting) =>
      setting.requirement === 'required' ||
      (setting.requirement === 'required-unless-bot-check-off' && !botCheckOff(env)),
  ).map((setting) => setting.name);
}

/** The required settings `env` lacks, in the list's order. */
export function missingSettings(env: Env): string[] {
  return requiredSettings(env).filter((name) => !satisfied(env, name));
}

/** Says why each missing setting is needed, one line each: for the build's failure and the logs. */
export function describeMissing(missing: readonly string[]): string {
  return missing
    .map((name) => {
      const setting = SETTINGS.find((candidate) => candidate.name === name)!;
      const hint =
        setting.requirement === 'required-unless-bot-check-off'
          ? ` (or set BOT_CHECK=${BOT_CHECK_OFF} to switch the bot check off)`
          : '';
      return `- ${name}: ${setting.purpose}${hint}`;
    })
    .join('\n');
}
