// The bot check's actions (reCAPTCHA v3), shared by the browser that asks for tokens and the
// server that checks them: login (login, register and order, SPEC section 7), submit (chatbot),
// contact (the contact form), vote (a new anonymous name in a poll, a guest's comment).
export const CAPTCHA_ACTIONS = ['login', 'submit', 'contact', 'vote'] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];
