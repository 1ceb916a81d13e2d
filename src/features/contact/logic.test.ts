import { describe, expect, it } from 'vitest';
import { owner } from '../../content/site.config.ts';
import { contactFormState, ownerNotification } from './logic.ts';

const filled = { email: 'ada@example.com', subject: 'Hello', message: 'A message' };

describe('contactFormState (SPEC section 5, Contact)', () => {
  it('enables Submit for a valid email with a subject or a message', () => {
    expect(contactFormState(filled, false)).toEqual({ emailInvalid: false, canSubmit: true });
    expect(contactFormState({ ...filled, subject: '' }, false).canSubmit).toBe(true);
    expect(contactFormState({ ...filled, message: '' }, false).canSubmit).toBe(true);
  });

  it('disables Submit while loading', () => {
    expect(contactFormState(filled, true).canSubmit).toBe(false);
  });

  it('marks an invalid email and disables Submit', () => {
    expect(contactFormState({ ...filled, email: 'ada@' }, false)).toEqual({ emailInvalid: true, canSubmit: false });
  });

  it('does not mark an empty email, but Submit needs one', () => {
    expect(contactFormState({ ...filled, email: '  ' }, false)).toEqual({ emailInvalid: false, canSubmit: false });
  });

  it('disables Submit when both subject and message are empty or blank', () => {
    expect(contactFormState({ ...filled, subject: '', message: '' }, false).canSubmit).toBe(false);
    expect(contactFormState({ ...filled, subject: ' ', message: '\n\t' }, false).canSubmit).toBe(false);
  });
});

describe('ownerNotification', () => {
  const message = {
    senderEmail: 'ada@example.com',
    emailSubject: 'Line one\r\nBcc: someone@example.com',
    emailText: 'Hello',
    createdAt: '2026-11-22T10:00:00.000Z',
  };

  it('replies to the sender and keeps the subject on one line', () => {
    const mail = ownerNotification(message, owner.name);
    expect(mail.replyTo).toBe('ada@example.com');
    expect(mail.subject).toBe(`${owner.name} contact: Line one Bcc: someone@example.com`);
    expect(mail.text).toContain('From: ada@example.com\nSent: 2026-11-22T10:00:00.000Z');
    expect(mail.text).toContain('\n\nHello\n');
  });

  it('says when the subject or the message was left empty', () => {
    const mail = ownerNotification({ ...message, emailSubject: '', emailText: '' }, 'Site');
    expect(mail.subject).toBe('Site contact: (no subject)');
    expect(mail.text).toContain('(no message)');
  });
});
