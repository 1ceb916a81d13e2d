// Every setting the site reads from its environment, in one place: what each is for and whether a
// production deploy must set it. The build (src/integrations/required-settings.ts), /api/health
// and the bot check (src/server/captcha.ts) all decide "required" from this list; the settings
// table of docs/operations.md and .env.example list the same names (tests hold them to it). Pure:
// no imports, so astro.config.mjs can load it.

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

/**
 * The value of BOT_CHECK that switches the bot check off (login, register, order, chatbot and
 * contact then rely on rate limits alone).
 */
export const BOT_CHECK_OFF = 'off';

/** HS256 is only as strong as its key: RFC 7518 asks for at least the hash size, 256 bits. */
export const MIN_SECRET_BYTES = 32;

/** Settings of one requirement, by name: what each is for (listed in .env.example in this order). */
function settings(requirement: Requirement, purposes: Record<string, string>): Setting[] {
  return Object.entries(purposes).map(([name, purpose]) => ({ name, requirement, purpose }));
}

export const SETTINGS: readonly Setting[] = [
  ...settings('required', {
    UPSTASH_REDIS_REST_URL: 'the data store: Upstash REST URL',
    UPSTASH_REDIS_REST_TOKEN: 'the data store: Upstash REST token',
    TOKEN_SECRET: `signs session tokens: at least ${MIN_SECRET_BYTES} bytes (openssl rand -hex 32); changing it ends every session`,
    SITE_URL:
      "the site's address for canonical links, Open Graph, sitemap.xml and robots.txt (Netlify's URL stands in)",
  }),
  ...settings('required-unless-bot-check-off', {
    RECAPTCHA_SECRET_KEY: 'the bot check (reCAPTCHA v3) secret key, checked by the server',
    PUBLIC_RECAPTCHA_SITE_KEY: 'the bot check (reCAPTCHA v3) site key, built into the pages',
  }),
  ...settings('optional', {
    BOT_CHECK: `"${BOT_CHECK_OFF}" switches the bot check off: login, register, order, chatbot and contact are then protected by rate limits only`,
    RECAPTCHA_MIN_SCORE: 'the lowest reCAPTCHA score let through (0.5)',
    RECAPTCHA_VERIFY_URL: "reCAPTCHA's siteverify URL (tests point it at a fake)",
    RESEND_API_KEY: 'mail through Resend (without it, mail is not sent)',
    MAIL_FROM: 'the sender of mail, on a domain verified in Resend',
    CONTACT_TO: "the owner's inbox for contact messages, in place of the site config's owner.email",
    RESEND_BASE_URL: 'where the Resend client sends (local runs and tests)',
    MAIL_DAILY_CONTACT_CAP: 'contact mails to the owner a day (40)',
    MAIL_DAILY_ORDER_CAP: 'order confirmations a day, all accounts (20)',
    MAIL_DAILY_POLL_CAP: "scheduling-poll mail a day: decisions to voters, organisers' digests (20)",
    MAIL_DAILY_RSVP_CAP: 'wedding RSVP confirmations a day (10)',
    MAIL_DAILY_ADDRESS_CAP: 'links to confirm an address and password resets a day, all addresses (10)',
    MAIL_DAILY_CAP: 'all mail a day, shared by the budgets not set (100)',
    MAIL_DAILY_PER_ACCOUNT: 'order confirmations per account a day (10)',
    OPENAI_API_KEY: 'the chatbot model (without it, the chatbot answers 503)',
    OPENAI_MODEL: 'the chatbot model (gpt-4o-mini)',
    OPENAI_BASE_URL: 'an OpenAI-compatible server instead of OpenAI (then no key is needed)',
    OPENAI_TIMEOUT_MS: 'how long one answer may take, at most 50000 ms',
    CHATBOT_GUEST_QUESTIONS_PER_DAY: "a guest's chatbot questions a day (20)",
    CHATBOT_USER_QUESTIONS_PER_DAY: "a signed-in user's chatbot questions a day (50)",
    CHATBOT_QUESTIONS_PER_DAY: "the whole site's chatbot questions a day (500)",
    CHATBOT_TOKENS_PER_DAY: "the whole site's model tokens a day (500000)",
    CHATBOT_TOKENS_PER_VISITOR_PER_DAY: "one visitor's model tokens a day (25000)",
  }),
  ...settings('optional', {
    REDIS_URL: 'the local store runs its commands on this real Redis',
    FAKE_OPENAI_FIRST_CHUNK_MS: "the local echo model's wait before its first words (300)",
    FAKE_OPENAI_CHUNK_MS: "the local echo model's wait between words (40)",
    PORT: 'where npm start listens (8888)',
    HOST: 'the address npm start listens on (127.0.0.1)',
    SITE_HOSTS: 'with HOST=0.0.0.0: the names other machines reach the local server by',
    DEMO_ACCOUNTS: 'with HOST=0.0.0.0: 1 creates the demo data anyway',
    DATA_DIR: 'where local data lives (.data/)',
    LOCAL_STORE_DIR: "the local store's folder (.data/local-store/)",
    LOCAL_STORE_PORT: "the local store's port (a free one)",
    CHROMIUM_PATH: "the browser tests' Chromium",
    E2E_PORT: "the browser tests' port (4873)",
    FIREFOX_PATH: "the browser tests' Firefox (129 or newer)",
    WEBKIT_WEBDRIVER: "the browser tests' WebKitGTK WebDriver",
    WEBKIT_MINIBROWSER: "the browser tests' WebKitGTK MiniBrowser",
  }).map((setting) => ({ ...setting, localOnly: true as const })),
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

/** The site's address for links in mail: siteUrl, else the address the request came to. */
export const siteAddress = (req: Request): string => siteUrl(process.env) ?? new URL(req.url).origin;

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
