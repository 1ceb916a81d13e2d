// The bot check's actions (reCAPTCHA v3), shared by the browser that asks for tokens and the
// server that checks them: login (login, register and order, SPEC section 7), submit (chatbot),
// contact (the contact form).
export const CAPTCHA_ACTIONS = ['login', 'submit', 'contact'] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];
