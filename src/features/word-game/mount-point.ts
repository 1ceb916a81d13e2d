// Where the word game's island comes to life (WordGame.tsx, on its page).
import { mountPoint } from '../../components/mount-point.ts';

export const WORD_GAME = mountPoint('data-word-game');
