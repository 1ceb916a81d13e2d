// The Lua of verified addresses (src/server/mail-address.ts).
import { DAILY_COUNT } from './daily-cap.ts';
import { defineScript } from './script.ts';

/**
 * Counts one mailed link (a request to confirm, a password reset) for `A.address`: none to an
 * address that unsubscribed, `perAddressCap` a day per address (`K.asked`), a few a day per
 * requester (`K.requester`: whoever caused it) and within the day's site-wide cap (`K.day`); each
 * counter expires at 00:00 UTC.
 */
export const countLink = defineScript<
  'states' | 'asked' | 'requester' | 'day',
  { address: string; perAddressCap: number; requesterCap: number; cap: number; dayTtl: number },
  'send' | 'unsubscribed' | 'asked-today' | 'cap'
>(`${DAILY_COUNT}
if redis.call('HGET', K.states, A.address) == 'unsubscribed' then return 'unsubscribed' end
if not has_room(K.asked, A.perAddressCap) then return 'asked-today' end
if not has_room(K.requester, A.requesterCap) or not has_room(K.day, A.cap) then return 'cap' end
count_day(K.day, A.dayTtl)
count_day(K.requester, A.dayTtl)
count_day(K.asked, A.dayTtl)
return 'send'`);
