import { describe, expect, it } from 'vitest';
import { COMPLETE_SETTINGS } from '../../tests/setup/production-settings.ts';
import { buildSettingsError, requiredSettings } from './required-settings.ts';

const COMPLETE = { CONTEXT: 'production', ...COMPLETE_SETTINGS };

describe('the settings a production build checks', () => {
  it('passes a production build with every required setting', () => {
    expect(buildSettingsError(COMPLETE)).toBeUndefined();
  });

  it.each(Object.keys(COMPLETE).filter((name) => name !== 'CONTEXT'))(
    'fails a production build without %s, naming it',
    (name) => {
      const error = buildSettingsError({ ...COMPLETE, [name]: undefined });
      expect(error).toContain(`is missing required settings: ${name}.`);
      expect(error).toMatch(new RegExp(`^- ${name}: `, 'm'));
    },
  );

  it('names every missing setting at once', () => {
    expect(buildSettingsError({ CONTEXT: 'production' })).toContain(
      'missing required settings: UPSTASH_REDIS_REST_URL, UPSTASH_REDIS_REST_TOKEN, TOKEN_SECRET, SITE_URL, RECAPTCHA_SECRET_KEY, PUBLIC_RECAPTCHA_SITE_KEY.',
    );
  });

  it("takes Netlify's URL for SITE_URL, and needs no reCAPTCHA keys with BOT_CHECK=off", () => {
    expect(buildSettingsError({ ...COMPLETE, SITE_URL: undefined, URL: 'https://owner.netlify.app' })).toBeUndefined();
    const withoutKeys = { ...COMPLETE, RECAPTCHA_SECRET_KEY: undefined, PUBLIC_RECAPTCHA_SITE_KEY: undefined };
    expect(buildSettingsError(withoutKeys)).toContain('RECAPTCHA_SECRET_KEY, PUBLIC_RECAPTCHA_SITE_KEY');
    expect(buildSettingsError({ ...withoutKeys, BOT_CHECK: 'off' })).toBeUndefined();
  });

  it('leaves deploy previews, branch deploys and local builds alone', () => {
    for (const CONTEXT of ['deploy-preview', 'branch-deploy', 'dev', undefined]) {
      expect(buildSettingsError({ CONTEXT })).toBeUndefined();
    }
  });

  it('stops `astro build` only', () => {
    const setup = requiredSettings({ CONTEXT: 'production' }).hooks['astro:config:setup'] as (options: {
      command: string;
    }) => void;
    expect(() => setup({ command: 'build' })).toThrow(/TOKEN_SECRET/);
    expect(() => setup({ command: 'dev' })).not.toThrow();
  });
});
