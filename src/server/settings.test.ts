import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS, botCheckOff, describeMissing, missingSettings, requiredSettings, siteUrl } from './settings.ts';

const COMPLETE = {
  UPSTASH_REDIS_REST_URL: 'https://eu1.upstash.io',
  UPSTASH_REDIS_REST_TOKEN: 'token',
  TOKEN_SECRET: 'a'.repeat(64),
  SITE_URL: 'https://owner.example',
  RECAPTCHA_SECRET_KEY: 'secret',
  PUBLIC_RECAPTCHA_SITE_KEY: 'site-key',
};

describe('the settings production requires', () => {
  it('are the store, the token secret, the site URL and the bot check, unless BOT_CHECK=off', () => {
    expect(requiredSettings({})).toEqual([
      'UPSTASH_REDIS_REST_URL',
      'UPSTASH_REDIS_REST_TOKEN',
      'TOKEN_SECRET',
      'SITE_URL',
      'RECAPTCHA_SECRET_KEY',
      'PUBLIC_RECAPTCHA_SITE_KEY',
    ]);
    expect(requiredSettings({ BOT_CHECK: 'off' })).not.toContain('RECAPTCHA_SECRET_KEY');
    expect(requiredSettings({ BOT_CHECK: ' OFF ' })).not.toContain('PUBLIC_RECAPTCHA_SITE_KEY');
    expect(botCheckOff({ BOT_CHECK: 'no' })).toBe(false);
  });

  it('are all there in a complete environment', () => {
    expect(missingSettings(COMPLETE)).toEqual([]);
  });

  it('counts blank as missing, and a token secret under 32 bytes', () => {
    expect(missingSettings({ ...COMPLETE, UPSTASH_REDIS_REST_TOKEN: '  ', TOKEN_SECRET: 'short' })).toEqual([
      'UPSTASH_REDIS_REST_TOKEN',
      'TOKEN_SECRET',
    ]);
  });

  it("takes Netlify's URL for SITE_URL", () => {
    const withoutSiteUrl = { ...COMPLETE, SITE_URL: undefined };
    expect(missingSettings(withoutSiteUrl)).toEqual(['SITE_URL']);
    expect(missingSettings({ ...withoutSiteUrl, URL: 'https://owner.netlify.app' })).toEqual([]);
    expect(siteUrl({ SITE_URL: 'https://a.example', URL: 'https://b.example' })).toBe('https://a.example');
  });

  it('says what each missing setting is for and how to do without the bot check', () => {
    const text = describeMissing(['TOKEN_SECRET', 'RECAPTCHA_SECRET_KEY']);
    expect(text).toMatch(/^- TOKEN_SECRET: signs session tokens: at least 32 bytes/m);
    expect(text).toMatch(/^- RECAPTCHA_SECRET_KEY: .*\(or set BOT_CHECK=off to switch the bot check off\)$/m);
  });
});

describe('the settings list, docs/operations.md and .env.example', () => {
  const names = SETTINGS.map((setting) => setting.name);

  it('.env.example lists every setting, with what it is for, required ones marked', () => {
    const example = readFileSync('.env.example', 'utf8');
    for (const setting of SETTINGS) {
      const mark =
        setting.requirement === 'required'
          ? '[required in production] '
          : setting.requirement === 'required-unless-bot-check-off'
            ? '[required in production unless BOT_CHECK=off] '
            : '';
      expect(example, setting.name).toContain(`# ${mark}${setting.purpose}\n# ${setting.name}=\n`);
    }
    const listed = [...example.matchAll(/^# ([A-Z][A-Z0-9_]*)=$/gm)].map((match) => match[1]);
    expect(listed).toEqual(names);
  });

  it("docs/operations.md's settings table names the same settings", () => {
    const operations = readFileSync('docs/operations.md', 'utf8');
    const section = operations.slice(operations.indexOf('## Environment variables'));
    const table = section.slice(0, section.indexOf('\n## ', 1));
    const inTable = table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1]));
    expect([...inTable].sort()).toEqual([...names].sort());
  });
});
