// docs/endpoints.md is what scripts/endpoint-table.ts makes of the functions today.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { COMMAND, TABLE_FILE, endpointTable } from './endpoint-table.ts';

// Imported at collection, outside the test's time: the table imports every function once.
const table = await endpointTable();

it('docs/endpoints.md is up to date', () => {
  expect(readFileSync(TABLE_FILE, 'utf8'), `docs/endpoints.md is stale: run \`${COMMAND}\``).toBe(table);
});
