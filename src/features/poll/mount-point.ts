// Where the one-question poll comes to life (PollCard.astro's card; mounted by poll-card.ts).
import { mountPoint } from '../../components/mount-point.ts';

export const POLL_CARD = mountPoint('data-poll');
