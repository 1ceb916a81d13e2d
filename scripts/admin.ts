// `npm run admin -- <command>`: account administration, contact messages and the wedding guest list, against whatever
// store the environment (or .env) points to: Upstash when UPSTASH_REDIS_REST_URL/TOKEN are set; else the local store of
// a running `npm start` or `npm run dev`; else a local store started just for this command. It says which on stderr
// before acting. `--prod` (anywhere) refuses the local fallbacks, and so does a store half configured (one of the two
// variables set), so a production command never lands on a local store.
import { OPERATOR } from '../src/server/caller.ts';
import { AppError } from '../src/server/app-error.ts';
import {
  createAccount,
  deleteUser,
  listUsers,
  setClearance,
  setPassword,
} from '../src/features/auth/service.server.ts';
import { listContactMessages } from '../src/features/contact/service.server.ts';
import { deleteAnyMessage } from '../src/features/forum/service.server.ts';
import { describeItem } from '../src/features/shop/logic.ts';
import { type PriceTable, describePickup, formatPrice, priced, totalOf } from '../src/features/shop/orders.ts';
import { removeVoter as removeSchedulingVoter } from '../src/features/scheduling/organising/service.server.ts';
import { sendPollDigests } from '../src/features/scheduling/mail/service.server.ts';
import { QUESTIONS } from '../src/features/poll/logic.ts';
import { removeVoter as removeQuestionVoter, setClosed } from '../src/features/poll/service.server.ts';
import { migrateStore } from '../netlify/functions/store-layout.mts';
import { listOrders } from '../src/features/shop/service.server.ts';
import { WEDDING } from '../src/content/wedding.ts';
import { parseGuestCsv } from '../src/features/wedding/guest-csv.ts';
import { rsvpLink } from '../src/features/wedding/rsvp/logic.ts';
import { type HouseholdLink, guestLinks, importGuests } from '../src/features/wedding/service.server.ts';
import { siteUrl } from '../src/server/settings.ts';
import { readFileSync, statSync } from 'node:fs';
import { loadEnvFile } from './env-file.ts';
import { BackupRefused, ImportFailed, exportStore, importStore } from './backup.ts';
import { type LocalEnv, addressFile, localTokenSecret, prepareLocalEnv, runningLocalStore } from './local-env.ts';

const USAGE = `Usage: npm run admin -- <command> [--prod]
  list-users                          list every account with its clearance
  create-user <username> [level] [email]
                                      create an account with clearance 1 (default), 2 or 3; its password
                                      typed without echo or piped on stdin
  set-clearance <username> <level>    set clearance 1, 2 or 3 (ends the user's sessions: it applies from their next login)
  set-password <username>             set a new password, typed without echo or piped on stdin (ends the user's sessions)
  delete-user <username>              delete an account, its scores, its cart and its order list (its orders stay on record); its sessions end
  delete-message <id>                 delete a forum message (moderation)
  messages [count]                    show the latest contact messages (default 20), newest first,
                                      with how their mail went: delivered, undelivered, not-sent, sending
  orders [count] [username]           show the latest shop orders (default 20), newest first, everyone's
                                      or one user's, with their total, pickup day and how the confirmation mail went
  remove-voter <poll> <name>          take a voter out of a scheduling poll (its id) or of the
                                      one-question poll (its number), with all their answers
  remove-voters-since <poll> <time>   take every voter who joined a scheduling poll at or after a time
                                      (ISO, e.g. 2026-11-27T18:00Z) out of it, with all their answers
  poll-digests                        send the scheduling polls' daily digests now (Netlify sends them
                                      every day at 00:00 UTC; this sends what is waiting)
  poll-close [question]               close the one-question poll (question 0 unless named): everyone
                                      sees the results, nobody can vote
  poll-open [question]                reopen it (not when the site config closes it: poll.closed)
  migrate                             bring the store's data to this version's layout, as each
                                      production deploy does by itself (again, it changes nothing)
  import-guests <file.csv> [--new-links]
                                      replace the wedding guest list with a CSV file (docs/make-it-yours.md):
                                      every row checked, nothing changed on any mistake; households
                                      still on the list keep their answers; prints each household's link
  guest-links [--new-links]           make and print each household's private RSVP link (needs the
                                      site's TOKEN_SECRET; --new-links after changing it: old links stop working)
  export [--with-password-hashes]     write every account, order, message, post, vote, score, cart and guest
                                      as JSON on stdout (npm run admin -- export > backup.json); without
                                      password hashes unless asked, never with sessions
  import                              restore a backup read from stdin into an empty store (refused otherwise)
  --prod                              act only on the store UPSTASH_REDIS_REST_URL/TOKEN name, never a local one`;

/** Reads an optional count argument: a whole number of at least 1. */
function parseCount(count: string): number {
  const limit = Number(count);
  if (!Number.isInteger(limit) || limit < 1) throw new AppError('bad_request', USAGE);
  return limit;
}

/** Where `npm start` serves the site, for the links in mail sent from here without SITE_URL. */
const LOCAL_SITE = 'http://localhost:8888';

/** Reads a one-question poll's number: one the site has (question 0 is the config's `poll`). */
function parseQuestion(question: string): number {
  if (!/^\d+$/.test(question) || QUESTIONS[Number(question)] === undefined) {
    throw new AppError('bad_request', `There is no question ${question} (the poll is question 0).\n${USAGE}`);
  }
  return Number(question);
}

const commands: Record<string, (args: string[]) => Promise<string>> = {
  async migrate() {
    return (await migrateStore()).join('\n');
  },
  async 'poll-digests'() {
    const { mailed, waiting } = await sendPollDigests(siteUrl(process.env) ?? LOCAL_SITE);
    return `Poll digests: ${mailed} mailed${waiting > 0 ? `, ${waiting} left over the day's poll mail` : ''}.`;
  },
  async 'import-guests'(args) {
    const newLinks = args.includes('--new-links');
    const [file, ...rest] = args.filter((arg) => arg !== '--new-links');
    if (!file || rest.length) throw new AppError('bad_request', USAGE);
    needTokenSecret('import-guests');
    const text = readGuestFile(file);
    const parsed = parseGuestCsv(text, WEDDING.menu);
    if (!parsed.ok) {
      throw new AppError(
        'bad_request',
        [
          `${file} was not imported; the guest list is unchanged. Mistakes:`,
          ...parsed.errors.map((e) => `  ${e}`),
        ].join('\n'),
      );
    }
    const { added, kept, removed, links } = await importGuests(parsed.guests, { newLinks });
    return [
      `Imported ${parsed.guests.length} household(s): ${added} new, ${kept} kept the answers they had given, ${removed} left the list (with their answers).`,
      ...linkLines(links),
    ].join('\n');
  },
  async 'guest-links'(args) {
    const newLinks = args.includes('--new-links');
    if (args.some((arg) => arg !== '--new-links')) throw new AppError('bad_request', USAGE);
    needTokenSecret('guest-links');
    const links = await guestLinks({ newLinks });
    return links.length ? linkLines(links).join('\n') : 'The guest list is empty: no links to make.';
  },
  async 'list-users'() {
    const users = await listUsers();
    if (users.length === 0) return 'No users.';
    const rows = users.map((u) => `${u.username.padEnd(32)} ${String(u.clearance).padEnd(9)} ${u.email || '-'}`);
    return [`${'username'.padEnd(32)} clearance email`, ...rows].join('\n');
  },
  async 'create-user'([username, level = '1', email = '']) {
    if (!username) throw new AppError('bad_request', USAGE);
    // The password is never an argument (shell history, `ps`); a second argument that is not a
    // level is most likely one, so it is refused before anything is read.
    if (!/^\d+$/.test(level)) {
      throw new AppError(
        'bad_request',
        `The level must be 1, 2 or 3; the password is typed or piped, never an argument.\n${USAGE}`,
      );
    }
    const password = await readSecret(`Password for ${username}: `);
    await createAccount({ username, password, firstName: '', lastName: '', email }, Number(level));
    return `Created ${username} with clearance ${level}.`;
  },
  async 'set-clearance'([username, level]) {
    if (!username || level === undefined) throw new AppError('bad_request', USAGE);
    await setClearance(username, Number(level));
    return `${username} now has clearance ${level} (from their next login; their sessions have ended).`;
  },
  async 'set-password'([username]) {
    if (!username) throw new AppError('bad_request', USAGE);
    await setPassword(username, await readSecret(`New password for ${username}: `));
    return `${username} has a new password; their sessions have ended.`;
  },
  async 'delete-user'([username]) {
    if (!username) throw new AppError('bad_request', USAGE);
    await deleteUser(username);
    return `Deleted ${username}.`;
  },
  async 'delete-message'([id]) {
    if (!id) throw new AppError('bad_request', USAGE);
    await deleteAnyMessage(id);
    return `Deleted forum message ${id}.`;
  },
  async 'remove-voter'([poll, name]) {
    if (!poll || !name) throw new AppError('bad_request', USAGE);
    if (/^\d+$/.test(poll)) {
      await removeQuestionVoter(OPERATOR, Number(poll), name);
      return `Removed ${name}'s vote from question ${poll}.`;
    }
    const { removedAnswers } = await removeSchedulingVoter(OPERATOR, { pollId: poll, username: name });
    return `Removed ${name} and their ${removedAnswers} answer(s) from poll ${poll}.`;
  },
  async 'remove-voters-since'([poll, time]) {
    const since = Date.parse(time ?? '');
    if (!poll || Number.isNaN(since)) throw new AppError('bad_request', USAGE);
    const { removedVoters, removedAnswers } = await removeSchedulingVoter(OPERATOR, {
      pollId: poll,
      joinedSince: since,
    });
    return `Removed ${removedVoters} voter(s) who joined poll ${poll} since ${new Date(since).toISOString()}, and their ${removedAnswers} answer(s).`;
  },
  async 'poll-close'([question = '0']) {
    await setClosed(OPERATOR, parseQuestion(question), true);
    return `Closed question ${question}: everyone sees the results, and nobody can vote.`;
  },
  async 'poll-open'([question = '0']) {
    await setClosed(OPERATOR, parseQuestion(question), false);
    return `Reopened question ${question}: visitors can vote again.`;
  },
  async export(options) {
    const withPasswordHashes = options.includes('--with-password-hashes');
    if (options.some((option) => option !== '--with-password-hashes')) throw new AppError('bad_request', USAGE);
    const backup = await exportStore({ withPasswordHashes });
    console.error(
      `Exported ${backup.keys.length} keys ${withPasswordHashes ? 'with' : 'without'} password hashes (sessions are never exported).`,
    );
    return JSON.stringify(backup);
  },
  async import() {
    if (process.stdin.isTTY)
      throw new AppError('bad_request', 'Pipe the backup on stdin: npm run admin -- import < backup.json');
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    let backup: unknown;
    try {
      backup = JSON.parse(text);
    } catch {
      throw new AppError('bad_request', 'The backup is not JSON. Nothing was written.');
    }
    const report = await importStore(backup);
    return [
      `Imported ${report.keys} keys${report.expired ? ` (${report.expired} more had expired since the export)` : ''}. Everyone signs in again.`,
      ...(report.withoutPassword.length
        ? [
            `${report.withoutPassword.length} account(s) have no password (the backup had no hashes) and cannot sign in until \`npm run admin -- set-password <username>\`: ${report.withoutPassword.join(', ')}`,
          ]
        : []),
    ].join('\n');
  },
  async messages([count = '20']) {
    const messages = await listContactMessages(parseCount(count));
    if (messages.length === 0) return 'No contact messages.';
    return messages
      .map((m) =>
        [
          `${m.createdAt}  ${m.delivery}${m.deliveryNote ? ` (${m.deliveryNote})` : ''}`,
          `From:    ${m.senderEmail}`,
          `Subject: ${m.emailSubject || '(none)'}`,
          ...(m.emailText || '(no message)').split('\n').map((line) => `  ${line}`),
        ].join('\n'),
      )
      .join('\n\n');
  },
  async orders([count = '20', username]) {
    const orders = await listOrders(parseCount(count), username);
    if (orders.length === 0) return 'No orders.';
    return orders
      .map((o) => {
        // Its total at the prices it was placed at; none when a line had no price.
        const total = totalOf(priced(o.items, JSON.parse(o.prices || '{}') as PriceTable));
        return [
          `${o.createdAt}  ${o.username}  ${o.email}  ${o.delivery}${o.deliveryNote ? ` (${o.deliveryNote})` : ''}`,
          ...o.items.map((item) => `  ${describeItem(item)}`),
          ...(total === null ? [] : [`  Total: ${formatPrice(total)}`]),
          ...(o.pickup ? [`  Pickup: ${describePickup(o.pickup)}`] : []),
        ].join('\n');
      })
      .join('\n\n');
  },
};

/** The most a guest list file may weigh: far beyond a thousand households. */
const MAX_GUEST_FILE_BYTES = 1024 * 1024;

/** Reads a guest list file, refusing what is missing or too large to be one. */
function readGuestFile(file: string): string {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new AppError('bad_request', `${file} cannot be read. Nothing was changed.`);
  }
  if (size > MAX_GUEST_FILE_BYTES) {
    throw new AppError('bad_request', `${file} is larger than 1 MB: not a guest list. Nothing was changed.`);
  }
  return readFileSync(file, 'utf8');
}

/** Refuses a wedding link command without TOKEN_SECRET, which the links are made from. */
function needTokenSecret(command: string): void {
  if (!process.env.TOKEN_SECRET?.trim()) {
    throw new AppError(
      'bad_request',
      `${command} needs the site's TOKEN_SECRET (in the environment or .env): the RSVP links are made from it. Nothing was changed.`,
    );
  }
}

/** Each household's link, one per line; whole addresses when the site's address is known (SITE_URL). */
function linkLines(links: HouseholdLink[]): string[] {
  const site = siteUrl(process.env) ?? (onLocalStore ? localSite() : '');
  const width = Math.max(...links.map((link) => link.name.length), 0) + 2;
  return [
    `RSVP links (send each household its own${site ? '' : "; prefix each with your site's address, or set SITE_URL"}):`,
    ...links.map((link) => `${link.name.padEnd(width)}${rsvpLink(site, link.token)}`),
  ];
}

/** The address `npm start` serves on this machine. */
const localSite = () => `http://localhost:${process.env.PORT ?? 8888}`;

/**
 * Reads a secret: typed at a terminal without echo (Enter ends it, Ctrl-C cancels), or the first
 * line piped on stdin, so it never shows on screen, in the shell's history or in `ps`.
 */
async function readSecret(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    let piped = '';
    for await (const chunk of input) piped += String(chunk);
    return piped.split(/\r?\n/)[0] ?? '';
  }
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let secret = '';
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return (finish(), resolve(secret));
        if (char === '\u0003') return (finish(), reject(new AppError('bad_request', 'Cancelled.')));
        secret = char === '\u007f' || char === '\b' ? secret.slice(0, -1) : secret + char;
      }
    };
    input.on('data', onData);
  });
}

/** Whether the command acts on a local store (so its links are this machine's `npm start`'s). */
let onLocalStore = false;

/** Refuses to run: the store is not the one asked for. */
class StoreRefused extends Error {}

/**
 * Points the environment at the store to act on and says which on stderr (the Upstash host only,
 * never the token). `prod` (or a half-configured store) refuses the local fallbacks.
 */
async function connect(prod: boolean): Promise<LocalEnv | undefined> {
  const url = process.env.UPSTASH_REDIS_REST_URL;
  const token = process.env.UPSTASH_REDIS_REST_TOKEN;
  if (url && token) {
    console.error(`Store: Upstash at ${hostOf(url)}`);
    return undefined;
  }
  if (url || token) {
    const missing = url ? 'UPSTASH_REDIS_REST_TOKEN' : 'UPSTASH_REDIS_REST_URL';
    throw new StoreRefused(
      `${missing} is not set, but ${url ? 'UPSTASH_REDIS_REST_URL' : 'UPSTASH_REDIS_REST_TOKEN'} is: set both (the production store) or neither (a local store). Nothing was done.`,
    );
  }
  if (prod) {
    throw new StoreRefused(
      '--prod: UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN are not set (in the environment or .env), so there is no production store to act on. Nothing was done.',
    );
  }
  onLocalStore = true;
  const running = runningLocalStore();
  if (running) {
    process.env.UPSTASH_REDIS_REST_URL = running.url;
    process.env.UPSTASH_REDIS_REST_TOKEN = running.token;
    // The running server's own secret (it keeps it there), which the RSVP links are made from.
    process.env.TOKEN_SECRET ??= localTokenSecret(process.env.DATA_DIR ?? '.data');
    console.error(`Store: the local store of a running server (${addressFile(process.env.DATA_DIR ?? '.data')})`);
    return undefined;
  }
  const local = await prepareLocalEnv(undefined, { seed: false, mail: false, ai: false });
  console.error(`Store: a local store started for this command (${local.describeStore ?? local.describeData})`);
  return local;
}

/** The host of the store's URL, for saying which store without its token or path. */
function hostOf(url: string): string {
  try {
    const { protocol, host } = new URL(url);
    return `${protocol}//${host}`;
  } catch {
    return '(UPSTASH_REDIS_REST_URL is not a URL)';
  }
}

const argv = process.argv.slice(2);
const prod = argv.includes('--prod');
const [name = '', ...args] = argv.filter((arg) => arg !== '--prod');
const command = commands[name];
if (!command) {
  console.error(USAGE);
  process.exit(2);
}
loadEnvFile();
let localEnv: LocalEnv | undefined;
try {
  localEnv = await connect(prod);
} catch (error) {
  console.error(error instanceof StoreRefused ? error.message : error);
  process.exit(1);
}
let exitCode = 0;
try {
  console.log(await command(args));
} catch (error) {
  const told = error instanceof AppError || error instanceof BackupRefused || error instanceof ImportFailed;
  console.error(told ? error.message : error);
  exitCode = 1;
} finally {
  await localEnv?.close();
}
process.exit(exitCode);
