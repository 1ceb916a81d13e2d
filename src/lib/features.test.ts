import { describe, expect, it } from 'vitest';
import { FEATURES, FEATURE_PATHS, type FeatureSwitches, SHOP_HOME, featureOf, isServed } from './features.ts';

const ALL_ON = Object.fromEntries(FEATURES.map((feature) => [feature, true])) as FeatureSwitches;

describe('featureOf', () => {
  it.each([
    [SHOP_HOME, 'shop'],
    [`${SHOP_HOME}/cart`, 'shop'],
    ['/api/dhh/create-cart-item', 'shop'],
    ['/word_game', 'wordGame'],
    ['/word_game/dictionary.txt', 'wordGame'],
    ['/api/scoring/wordgame', 'wordGame'],
    ['/chatbot', 'chatbot'],
    ['/api/ask-ai/quota', 'chatbot'],
    ['/api/chatbot/conversations/read/:id', 'chatbot'],
    ['/forum', 'forum'],
    ['/api/messages/delete/:id', 'forum'],
    ['/poll', 'poll'],
    ['/api/poll/create-vote', 'poll'],
    ['/scheduling_polls/defense_league', 'scheduling'],
    ['/schedulingconsole', 'scheduling'],
    ['/api/scheduling/poll/:pollId', 'scheduling'],
    ['/weddingconsole', 'wedding'],
    ['/api/wedding/get-all-guests', 'wedding'],
    ['/rsvp', 'wedding'],
    ['/api/wedding/rsvp/answer', 'wedding'],
  ])('puts %s in %s', (path, feature) => {
    expect(featureOf(path)).toBe(feature);
  });

  it('ignores the query and the fragment', () => {
    expect(featureOf('/poll?voted=1')).toBe('poll');
    expect(featureOf('/forum#top')).toBe('forum');
    expect(featureOf('/about?from=/poll')).toBeUndefined();
  });

  it.each([
    '/',
    '/about',
    '/contact',
    '/dashboard',
    '/unauthorized',
    '/missing-page',
    '/api/login',
    '/api/register',
    '/api/account',
    '/api/health',
    '/api/mail/contact',
    '/api/verify-recaptcha',
  ])('leaves %s, which is always there, to no feature', (path) => {
    expect(featureOf(path)).toBeUndefined();
  });

  it.each([
    // A prefix matches itself and what follows a `/`, never a longer word.
    '/pollution',
    '/polls',
    '/api/polls',
    '/api/pollster/x',
    '/forums',
    '/chatbots',
    '/word_games',
    `${SHOP_HOME}_old`,
    '/api/dhhx',
    '/weddingconsole2',
    '/scheduling',
    '/api/scheduling-old',
  ])('does not take %s for a feature’s path', (path) => {
    expect(featureOf(path)).toBeUndefined();
  });

  it('gives every listed prefix to its own feature and to no other', () => {
    for (const feature of FEATURES) {
      for (const prefix of [...FEATURE_PATHS[feature].pages, ...FEATURE_PATHS[feature].api]) {
        expect(featureOf(prefix), prefix).toBe(feature);
        expect(featureOf(`${prefix}/anything`), prefix).toBe(feature);
      }
    }
  });
});

describe('isServed', () => {
  it('serves everything with every feature on', () => {
    for (const path of ['/', '/about', SHOP_HOME, '/api/dhh/orders', '/poll', '/api/poll/create-vote']) {
      expect(isServed(path, ALL_ON), path).toBe(true);
    }
  });

  it('leaves out the pages and endpoints of a switched-off feature, and only those', () => {
    const noShop: FeatureSwitches = { ...ALL_ON, shop: false };
    expect(isServed(SHOP_HOME, noShop)).toBe(false);
    expect(isServed(`${SHOP_HOME}/products`, noShop)).toBe(false);
    expect(isServed('/api/dhh/submit-order', noShop)).toBe(false);
    expect(isServed('/poll', noShop)).toBe(true);
    expect(isServed('/api/login', noShop)).toBe(true);
    expect(isServed('/', noShop)).toBe(true);
  });

  it('serves the always-there paths with every feature off', () => {
    const allOff = Object.fromEntries(FEATURES.map((feature) => [feature, false])) as FeatureSwitches;
    for (const path of ['/', '/about', '/contact', '/dashboard', '/api/login', '/api/health', '/pollution']) {
      expect(isServed(path, allOff), path).toBe(true);
    }
    for (const feature of FEATURES) {
      for (const prefix of [...FEATURE_PATHS[feature].pages, ...FEATURE_PATHS[feature].api]) {
        expect(isServed(prefix, allOff), prefix).toBe(false);
        expect(isServed(prefix, { ...allOff, [feature]: true }), prefix).toBe(true);
      }
    }
  });
});
