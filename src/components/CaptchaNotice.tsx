/** The notice that replaces reCAPTCHA's floating badge, as Google's terms allow, in every form it guards. */
export default function CaptchaNotice() {
  return (
    <p className="captcha-notice">
      This site is protected by reCAPTCHA and the Google{' '}
      <a href="https://policies.google.com/privacy" target="_blank" rel="noopener noreferrer">
        Privacy Policy
      </a>{' '}
      and{' '}
      <a href="https://policies.google.com/terms" target="_blank" rel="noopener noreferrer">
        Terms of Service
      </a>{' '}
      apply.
    </p>
  );
}
