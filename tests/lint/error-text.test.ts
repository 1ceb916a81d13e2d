// Proves the lint rule that keeps browser code from acting on an error's text (docs/architecture.md,
// Errors) fires on each way of comparing one, lets the ways of acting on a reason through, and finds
// no such comparison in the browser code as it is.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const SAYS = /does not compare an error's text/;
const eslint = new ESLint({ ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax' });
// Its config and plugins load while the file is collected (seconds on a busy machine), not in a test.
await eslint.calculateConfigForFile('src/features/scheduling/store.ts');

/** The rule's complaints about `code` as if it were the file at `filePath`. */
async function complaintsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.message).filter((message) => SAYS.test(message));
}

// Each a way browser code has told outcomes apart by their words, or could.
const COMPARISONS = [
  'if (error instanceof ApiError && error.status === 409 && error.message === POLL_CLOSED) f();',
  'if (error.message !== NAME_TAKEN) f();',
  'if (POLL_FULL == failure.message) f();',
  "if (body.error === 'alreadyVoted') f();",
  'if (error?.message === POLL_CLOSED) f();',
  'const message = String(error); if (message === NAME_TAKEN) f();',
  "const error = String(failure); if ('Failed' !== error) f();",
  'const errorText = String(failure); if (errorText === `Taken`) f();',
  "if (error.message.includes('taken')) f();",
  "if (failure.message.startsWith('This poll')) f();",
  'if (/bot check/.test(failure.message)) f();',
  'if (/taken/i.exec(message)) f();',
  "switch (error.message) { case 'x': f(); }",
];

describe('browser code acts on reasons, not on error texts', () => {
  it.each(COMPARISONS)('refuses %s in browser code, saying what to do instead', async (line) => {
    const code = `declare const error: any, failure: any, body: any, f: () => void, ApiError: any;\ndeclare const POLL_CLOSED: string, NAME_TAKEN: string, POLL_FULL: string;\n{\n${line}\n}\n`;
    const complaints = await complaintsFor('src/features/scheduling/store.ts', code);
    expect(complaints).toHaveLength(1);
    expect(complaints[0]).toMatch(/reason \(refusalReason<FeatureReason>\(error\)/);
  });

  it('covers islands, the platform, shared components and the layouts, not servers or tests', async () => {
    const line = 'declare const error: Error, TAKEN: string;\nexport const taken = error.message === TAKEN;\n';
    for (const file of [
      'src/features/poll/components/poll-card.ts',
      'src/features/forum/components/Forum.tsx',
      'src/platform/captcha.ts',
      'src/components/toast.ts',
      'src/layouts/site.ts',
    ]) {
      expect(await complaintsFor(file, line), file).toHaveLength(1);
    }
    for (const file of [
      'src/features/scheduling/voting.server.ts',
      'src/features/scheduling/store.test.ts',
      'src/server/http.ts',
    ]) {
      expect(await complaintsFor(file, line), file).toEqual([]);
    }
  });

  it('lets through a switch on the reason, checks of code and status, and showing the text', async () => {
    const code = [
      "import { ApiError, refusalReason } from '../../platform/api-client.ts';",
      'declare const error: unknown, show: (text: string) => void, lastQuestion: object, message: object;',
      "switch (refusalReason<'poll-closed' | 'poll-full'>(error)) {",
      "  case 'poll-closed':",
      '    break;',
      '}',
      "if (error instanceof ApiError && error.reason === 'poll-full') show(error.message);",
      "if (error instanceof ApiError && (error.status === 409 || error.code === 'rate_limited')) show(error.message);",
      'export const last = message === lastQuestion;',
      "export const blank = error instanceof Error && error.message.trim() === '';",
    ].join('\n');
    expect(await complaintsFor('src/features/scheduling/store.ts', code)).toEqual([]);
  });

  it('finds no error text compared anywhere in the browser code', async () => {
    const results = await eslint.lintFiles([
      'src/features/**/*.{ts,tsx}',
      'src/components/**/*.{ts,tsx}',
      'src/platform/**/*.{ts,tsx}',
      'src/layouts/**/*.{ts,tsx}',
    ]);
    const found = results.flatMap((result) =>
      result.messages.filter((m) => SAYS.test(m.message)).map((m) => `${result.filePath}:${m.line}`),
    );
    expect(results.length).toBeGreaterThan(50);
    expect(found).toEqual([]);
    // Linting every browser module with type information takes seconds, more on a busy machine.
  }, 30_000);
});
