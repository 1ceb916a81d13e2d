// Netlify's bundling of the functions, read back: zip-it-and-ship-it (the bundler the Netlify
// build runs) with netlify.toml's settings, a small zip reader, and a cold import of a bundle in a
// fresh node. Used by scripts/functions-bundle.test.ts, which leaves its bundles in BUNDLES for the
// bench to time while none of their sources has changed since.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { inflateRawSync } from 'node:zlib';
import { type FunctionResult, zipFunctions } from '@netlify/zip-it-and-ship-it';

export type { FunctionResult };
export const ROOT = join(import.meta.dirname, '..');
export const FUNCTIONS = join(ROOT, 'netlify/functions');
/** The site's functions as last bundled (.netlify/ is Netlify's own scratch folder, ignored by git). */
export const BUNDLES = join(ROOT, '.netlify/function-bundles');
const BUNDLED = join(BUNDLES, 'results.json');
const run = promisify(execFile);

/** Netlify's bundling of `functions` into `dest`, as the build does it with netlify.toml. */
export function bundle(functions: string, dest: string): Promise<FunctionResult[]> {
  return zipFunctions(functions, dest, {
    basePath: ROOT,
    repositoryRoot: ROOT,
    archiveFormat: 'zip',
    // [functions] node_bundler = "esbuild". (v2 functions are traced with nft whatever it says;
    // their TypeScript is still compiled by esbuild, and it inlines our own src/ modules.)
    config: { '*': { nodeBundler: 'esbuild' } },
  });
}

/** Bundles the site's functions afresh into BUNDLES, noting what each was made from. */
export async function bundleSite(): Promise<FunctionResult[]> {
  rmSync(BUNDLES, { recursive: true, force: true });
  const results = await bundle(FUNCTIONS, BUNDLES);
  writeFileSync(BUNDLED, JSON.stringify(results));
  return results;
}

/** The bundles in BUNDLES while every source each was made from is older than it; else none. */
export function keptBundles(): FunctionResult[] | undefined {
  if (!existsSync(BUNDLED)) return undefined;
  const results = JSON.parse(readFileSync(BUNDLED, 'utf8')) as FunctionResult[];
  const fresh = (result: FunctionResult) =>
    existsSync(result.path) &&
    (result.inputs ?? []).every(
      (input) => existsSync(input) && statSync(input).mtimeMs <= statSync(result.path).mtimeMs,
    );
  return results.every(fresh) ? results : undefined;
}

/** The files of a zip archive by name: enough of the format for zip-it-and-ship-it's archives. */
export function readZip(path: string): Map<string, Buffer> {
  const zip = readFileSync(path);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])); // end of central directory
  const files = new Map<string, Buffer>();
  let at = zip.readUInt32LE(end + 16);
  for (let entry = 0; entry < zip.readUInt16LE(end + 10); entry++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (method !== 0 && method !== 8) throw new Error(`${path}: ${name} uses compression method ${method}`);
    const data = zip.subarray(start, start + size);
    if (!name.endsWith('/')) files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

// The child stands in for Lambda's cold start: Node's Lambda runtime defines `awslambda`, which
// Netlify's bootstrap wraps the handler with when the entry point loads; the function's own module
// loads on the first request, so it is imported next and timed as well.
const COLD_IMPORT = `
globalThis.awslambda = { streamifyResponse: (handler) => handler };
const [entryFile, functionFile] = process.argv.slice(1);
const started = performance.now();
const entry = await import(entryFile);
const bootstrapped = performance.now();
const fn = functionFile ? await import(functionFile) : entry;
const done = performance.now();
console.log(JSON.stringify({
  handler: typeof entry.handler,
  default: typeof fn.default,
  entryMs: bootstrapped - started,
  functionMs: done - bootstrapped,
}));
`;

export interface ColdImport {
  handler: string;
  default: string;
  entryMs: number;
  functionMs: number;
}

/** Unzips a bundle into a directory of its own and imports it in a fresh node with an empty environment. */
export async function coldImport(result: FunctionResult, files: Map<string, Buffer>): Promise<ColdImport> {
  const dir = mkdtempSync(join(tmpdir(), `cold-${result.name}-`)); // outside the repo: no node_modules to fall back on
  try {
    for (const [name, content] of files) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), content);
    }
    const entryFile = join(dir, result.entryFilename);
    const functionPath = /getLambdaHandler\('([^']+)'\)/.exec(readFileSync(entryFile, 'utf8'))?.[1];
    const args = [entryFile, ...(functionPath ? [join(dir, functionPath)] : [])];
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', COLD_IMPORT, ...args], {
      cwd: dir,
      env: {},
    });
    return JSON.parse(stdout) as ColdImport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
