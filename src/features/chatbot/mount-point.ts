// Where the chatbot's island comes to life (Chatbot.tsx, on its page).
import { mountPoint } from '../../components/mount-point.ts';

export const CHATBOT = mountPoint('data-chatbot');
