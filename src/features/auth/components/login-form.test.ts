import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESET_ASKED } from '../logic.ts';

const api = vi.hoisted(() => ({ logIn: vi.fn(), register: vi.fn(), askPasswordReset: vi.fn() }));
vi.mock('../api-client.ts', () => api);
const captcha = vi.hoisted(() => ({
  captchaReady: vi.fn(),
  passBotCheck: vi.fn(),
  BotCheckUnavailable: class BotCheckUnavailable extends Error {},
}));
vi.mock('../../../platform/captcha.ts', () => captcha);

const APPROVED = { actionApproved: true, message: '', botPass: 'bot-pass' };

describe('login form store', () => {
  // A fresh module per test: cleanStores also removes the onMount that listens for openings.
  let form: typeof import('./login-form.ts');
  let session: typeof import('../../../platform/session.ts') & typeof import('../store.ts');
  let ApiError: (typeof import('../../../platform/api-client.ts'))['ApiError'];
  let stopListening: () => void;

  beforeEach(async () => {
    vi.resetModules();
    captcha.captchaReady.mockResolvedValue(undefined);
    captcha.passBotCheck.mockResolvedValue(APPROVED);
    form = await import('./login-form.ts');
    session = { ...(await import('../../../platform/session.ts')), ...(await import('../store.ts')) };
    ({ ApiError } = await import('../../../platform/api-client.ts'));
    // The modal on the page: the store hears the nav open it.
    stopListening = form.$loginForm.listen(() => {});
    session.openLogin();
    await allTasks();
  });
  afterEach(() => {
    stopListening();
    cleanStores(form.$loginForm, form.$loginErrors);
    vi.resetAllMocks();
  });

  /** Types `values` into the form's fields. */
  function type(values: Partial<Record<keyof import('./login-form.ts').LoginFields, string>>) {
    for (const [name, value] of Object.entries(values)) form.setField(name as never, value);
  }

  it('waits for the bot check before Submit can send, and shows why it could not load', async () => {
    expect(form.$loginForm.get().captchaReady).toBe(true);

    vi.resetModules();
    captcha.captchaReady.mockRejectedValue(new Error('The bot check could not be loaded.'));
    const fresh = await import('./login-form.ts');
    const stop = fresh.$loginForm.listen(() => {});
    (await import('../store.ts')).openLogin();
    await allTasks();
    expect(fresh.$loginForm.get()).toMatchObject({ captchaReady: false, alert: 'The bot check could not be loaded.' });
    fresh.setField('username', 'ada');
    fresh.setField('password', 'secret');
    await fresh.submitLogin();
    expect(api.logIn).not.toHaveBeenCalled();
    stop();
    cleanStores(fresh.$loginForm);
  });

  it('shows blank fields as errors only once Submit is pressed, and sends nothing', async () => {
    expect(form.$loginErrors.get()).toEqual({ username: '', password: '', email: '' });
    await form.submitLogin();
    expect(form.$loginErrors.get()).toEqual({
      username: 'Username cannot be blank.',
      password: 'Password cannot be blank.',
      email: '',
    });
    type({ username: 'ada' });
    expect(form.$loginErrors.get().username).toBe('');
    expect(captcha.passBotCheck).not.toHaveBeenCalled();
    expect(api.logIn).not.toHaveBeenCalled();
  });

  it('shows an invalid email in register mode once the field is left or Submit is pressed', async () => {
    form.switchMode('register');
    type({ username: 'ada', password: 'secret', email: 'ada@example' });
    expect(form.$loginErrors.get().email).toBe('');
    form.touchEmail();
    expect(form.$loginErrors.get().email).toBe('Invalid Email Format');
    await form.submitLogin();
    expect(api.register).not.toHaveBeenCalled();
    form.switchMode('login'); // the email does not count when logging in
    expect(form.$loginErrors.get().email).toBe('');
  });

  it('logs in with the trimmed username, starts the session and closes the modal', async () => {
    const token = `h.${Buffer.from(JSON.stringify({ username: 'ada', clearance: 2 })).toString('base64url')}.s`;
    api.logIn.mockResolvedValue({ user: token });
    type({ username: '  ada ', password: ' secret ' });
    const sending = form.submitLogin();
    expect(form.$loginForm.get().submitting).toBe(true);
    await sending;
    expect(captcha.passBotCheck).toHaveBeenCalledWith('login');
    expect(api.logIn).toHaveBeenCalledWith({ username: 'ada', password: ' secret ' }, 'bot-pass');
    expect(session.$token.get()).toBe(token);
    expect(session.$user.get()).toMatchObject({ username: 'ada', clearance: 2 });
    expect(session.$loginOpen.get()).toBe(false);
    expect(form.$loginForm.get()).toMatchObject({ submitting: false, alert: '' });
  });

  it('asks for a reset link with the username alone, and says the same whatever the answer', async () => {
    api.askPasswordReset.mockResolvedValue({ status: 'Success' });
    type({ username: ' ada ', password: '' });
    form.switchMode('reset');
    await form.submitLogin();
    expect(api.askPasswordReset).toHaveBeenCalledWith('ada', 'bot-pass');
    expect(api.logIn).not.toHaveBeenCalled();
    expect(form.$loginForm.get()).toMatchObject({ notice: RESET_ASKED, alert: '', submitting: false });
    expect(session.$token.get()).toBeNull();
    // Back to login, the notice goes; a refusal is an alert.
    form.switchMode('login');
    expect(form.$loginForm.get().notice).toBe('');
    form.switchMode('reset');
    api.askPasswordReset.mockRejectedValue(new ApiError(429, 'Too many requests.', 'rate_limited'));
    await form.submitLogin();
    expect(form.$loginForm.get()).toMatchObject({ notice: '', alert: 'Too many requests.' });
  });

  it('registers with every field in register mode', async () => {
    api.register.mockResolvedValue({ user: 'a.b.c' });
    form.switchMode('register');
    type({ username: 'bo', password: 'pw', firstName: 'Bo', lastName: 'Diddley', email: 'bo@example.com' });
    await form.submitLogin();
    expect(api.logIn).not.toHaveBeenCalled();
    expect(api.register).toHaveBeenCalledWith(
      {
        username: 'bo',
        password: 'pw',
        firstName: 'Bo',
        lastName: 'Diddley',
        email: 'bo@example.com',
      },
      'bot-pass',
    );
    expect(session.$token.get()).toBe('a.b.c');
  });

  it('says why a submission failed: wrong password, the server refusing, the bot check, no connection', async () => {
    type({ username: 'ada', password: 'wrong' });
    // The reason decides, whatever the server's wording.
    api.logIn.mockRejectedValueOnce(
      new ApiError(401, 'Unauthorized.', 'unauthorized', undefined, 'incorrect-credentials'),
    );
    await form.submitLogin();
    expect(form.$loginForm.get().alert).toBe(form.INCORRECT_CREDENTIALS);

    api.logIn.mockResolvedValueOnce({ user: '' });
    await form.submitLogin();
    expect(form.$loginForm.get().alert).toBe(form.INCORRECT_CREDENTIALS);

    api.logIn.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await form.submitLogin();
    expect(form.$loginForm.get().alert).toBe(form.UNREACHABLE);

    captcha.passBotCheck.mockResolvedValueOnce({ actionApproved: false, message: 'You look like a bot.' });
    await form.submitLogin();
    expect(form.$loginForm.get().alert).toBe('You look like a bot.');

    // The bot check's script failing says so; any other failure is the connection's.
    captcha.passBotCheck.mockRejectedValueOnce(new captcha.BotCheckUnavailable('The bot check could not be loaded.'));
    await form.submitLogin();
    expect(form.$loginForm.get().alert).toBe('The bot check could not be loaded.');
    captcha.passBotCheck.mockRejectedValueOnce(new Error('The bot check said something.'));
    await form.submitLogin();
    expect(form.$loginForm.get().alert).toBe(form.UNREACHABLE);

    form.switchMode('register');
    expect(form.$loginForm.get().alert).toBe('');
    api.register.mockRejectedValueOnce(
      new ApiError(
        409,
        'That username is already taken. Please choose another.',
        'conflict',
        undefined,
        'username-taken',
      ),
    );
    await form.submitLogin();
    expect(form.$loginForm.get().alert).toBe('That username is already taken. Please choose another.');
    expect(session.$token.get()).toBeNull();
    expect(session.$loginOpen.get()).toBe(true);
  });

  it('starts afresh in login mode each time the modal opens', async () => {
    form.switchMode('register');
    type({ username: 'ada', email: 'not-an-address' });
    form.touchEmail();
    await form.submitLogin();
    form.closeLogin();
    expect(session.$loginOpen.get()).toBe(false);

    session.openLogin();
    await allTasks();
    expect(form.$loginForm.get()).toMatchObject({
      mode: 'login',
      fields: { username: '', password: '', firstName: '', lastName: '', email: '' },
      attempted: false,
      emailTouched: false,
      alert: '',
      captchaReady: true,
    });
    expect(form.$loginErrors.get()).toEqual({ username: '', password: '', email: '' });
  });
});
