// The word game's answers in the Daily's order (line n is puzzle n's word, then round again), built
// at build time from answers.ts. The game fetches it when it first needs a secret, so the 2,000
// words never weigh on the island's bundle. As before, the secret is the page's to know: the game
// colours guesses in the browser.
import type { APIRoute } from 'astro';
import { ANSWERS } from '../../../features/word-game/answers.ts';
import { dailyOrder } from '../../../features/word-game/daily.ts';

export const GET: APIRoute = () =>
  new Response(`${dailyOrder(ANSWERS).join('\n')}\n`, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
