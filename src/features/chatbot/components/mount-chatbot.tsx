import { createRoot } from 'react-dom/client';
import Chatbot from './Chatbot.tsx';

/** Renders the chatbot into `container`. */
export function mountChatbot(container: Element): void {
  createRoot(container).render(<Chatbot />);
}
