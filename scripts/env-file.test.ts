import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolateEnv } from '../tests/setup/isolated-env.ts';
import { loadEnvFile } from './env-file.ts';

describe('loadEnvFile', () => {
  isolateEnv(['ENV_FILE', 'ENV_FILE_TEST_SET', 'ENV_FILE_TEST_NEW', 'ENV_FILE_TEST_EMPTY']);

  it("loads the root's .env without overriding a variable already set, even to ''", () => {
    const root = mkdtempSync(join(tmpdir(), 'env-file-'));
    writeFileSync(
      join(root, '.env'),
      '# a comment\nENV_FILE_TEST_SET=from-file\nENV_FILE_TEST_NEW="from file"\nENV_FILE_TEST_EMPTY=from-file\n',
    );
    process.env.ENV_FILE_TEST_SET = 'from-shell';
    process.env.ENV_FILE_TEST_EMPTY = '';
    delete process.env.ENV_FILE_TEST_NEW;

    expect(loadEnvFile(root)).toBe(true);
    expect(process.env.ENV_FILE_TEST_SET).toBe('from-shell');
    expect(process.env.ENV_FILE_TEST_EMPTY).toBe('');
    expect(process.env.ENV_FILE_TEST_NEW).toBe('from file');
  });

  it('does nothing without a .env, or with ENV_FILE=none', () => {
    expect(loadEnvFile(mkdtempSync(join(tmpdir(), 'env-file-')))).toBe(false);
    const root = mkdtempSync(join(tmpdir(), 'env-file-'));
    writeFileSync(join(root, '.env'), 'ENV_FILE_TEST_NEW=from-file\n');
    process.env.ENV_FILE = 'none';
    expect(loadEnvFile(root)).toBe(false);
    expect(process.env.ENV_FILE_TEST_NEW).toBeUndefined();
  });
});
