// The browser tests' stack, all on loopback: a real SMTP server (smtp-server) that keeps every mail and shows
// them to the tests over HTTP, a real OpenID provider (oidc-provider) standing in for Google, and the built app
// (node apps/server/dist/main.js) wired to both. Playwright starts it as its webServer; it stops everything on
// SIGTERM/SIGINT.
//
//   E2E_PORT (default 8181)  the app          http://127.0.0.1:$E2E_PORT
//   E2E_PORT + 1             the mail API     GET /mails?to=<address>  → [{ to, subject, text, html, links }]
//   E2E_PORT + 2             the OpenID issuer (login form of oidc-provider's devInteractions: any login works)
//   E2E_PORT + 3             a second app on YouTube (YOUTUBE_API_KEY), its catalog the stand-in's (issue 15); members
//                            connect their YouTube account there (issue 16 §1: the OpenID provider plays Google,
//                            with a client of its own, refresh tokens and YouTube's read-only scope)
//   E2E_PORT + 5             the stand-in of Stripe (test/support/stripe-stand-in.ts): the app's payments go there, and
//                            its hosted checkout's Pay button sends signed webhooks to the app (issue 19)
//   E2E_PORT + 4             the stand-in of the YouTube Data API and channel feed (test/support/youtube-stand-in.ts);
//                            it serves the demo viewer's account (subscriptions, playlists) to the subjects in
//                            YOUTUBE_VIEWERS, checking bearer tokens at the OpenID provider (token introspection)
//   (SMTP itself listens on a free port that only the app needs to know.)
// With DATABASE_URL set (CI), the app runs on a fresh PostgreSQL database of its own, sift_e2e_<port>, made anew
// for each run (and with it pg-boss); without it, on PGlite in the run's empty data folder.
import { spawn } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Provider from 'oidc-provider';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APP_PORT = Number(process.env.E2E_PORT ?? 8181);
const MAIL_PORT = APP_PORT + 1;
const OIDC_PORT = APP_PORT + 2;
const HOST = '127.0.0.1';
const APP_URL = `http://${HOST}:${APP_PORT}`;
const ISSUER = `http://${HOST}:${OIDC_PORT}`;
export const OIDC_CLIENT = { id: 'sift-e2e', secret: 'sift-e2e-secret-0123456789abcdef' };
const YOUTUBE_APP_PORT = APP_PORT + 3;
const YOUTUBE_APP_URL = `http://${HOST}:${YOUTUBE_APP_PORT}`;
/** The YouTube app's Google client: sign-in, and the permission to read a member's YouTube account. */
const YOUTUBE_OIDC_CLIENT = { id: 'sift-e2e-youtube', secret: 'sift-e2e-youtube-secret-0123456789ab' };
/** The Data API stand-in asks the provider about bearer tokens with this client (a resource server's). */
const STAND_IN_OIDC_CLIENT = { id: 'youtube-stand-in', secret: 'youtube-stand-in-secret-0123456789' };
const YOUTUBE_READONLY_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';
/**
 * The Google subjects (logins at the provider's form) whose YouTube account is the stand-in's demo viewer's; the
 * browser tests log in as one of these (e2e/youtube-account.spec.ts), one per project.
 */
const YOUTUBE_VIEWERS = ['viewer.desktop@youtube.example', 'viewer.mobile@youtube.example'];
/**
 * TOKEN_ENCRYPTION_KEY of the YouTube app: a fixed test key derived from a label (32 bytes, hex), never a real secret.
 * Fixed, so a run's sealed tokens open whatever restarts; every run starts from an empty data folder anyway.
 */
const TEST_TOKEN_ENCRYPTION_KEY = createHash('sha256').update('sift-e2e-test-token-encryption-key').digest('hex');
const DATA_DIR = path.resolve(ROOT, process.env.E2E_DATA_DIR ?? `test-results/e2e-data-${APP_PORT}`);

const log = (...args) => console.log('[e2e stack]', ...args);

// ---- SMTP: keeps every mail ------------------------------------------------------------------------------------

/** @type {{ to: string[]; from: string; raw: string; receivedAt: number }[]} */
const mails = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      mails.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      });
      callback();
    });
  },
});
await new Promise((resolve, reject) => {
  smtp.on('error', reject);
  smtp.listen(0, HOST, resolve);
});
const SMTP_URL = `smtp://${HOST}:${smtp.server.address().port}`;

/** Undoes quoted-printable soft breaks and escapes: enough to read the text and links of our mails. */
function decodeQuotedPrintable(s) {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

function decodePart(headers, body) {
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return Buffer.from(decodeQuotedPrintable(body), 'latin1').toString('utf8');
  return body;
}

/**
 * RFC 2047 encoded words (a subject that is not ASCII: mails in the member's language) as UTF-8: the bytes of
 * adjacent words join before decoding (a character may be split between two), and the space between them is no text.
 */
function decodeEncodedWords(value) {
  return value.replace(/(?:=\?utf-8\?[bq]\?[^?]*\?=\s*)+/gi, (run) => {
    const bytes = [...run.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)].map(([, enc, text]) =>
      enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64') : Buffer.from(decodeQuotedPrintable(text.replace(/_/g, ' ')), 'latin1'),
    );
    return Buffer.concat(bytes).toString('utf8') + /\s*$/.exec(run)[0];
  });
}

/** A MIME message as subject, text and html (the parts nodemailer writes: multipart/alternative). */
function parseMail(raw) {
  const split = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const subjectRaw = /^subject:\s*(.*)$/im.exec(head)?.[1] ?? '';
  const subject = decodeEncodedWords(subjectRaw);
  const boundary = /boundary="?([^";\s]+)"?/i.exec(head)?.[1];
  let text = '';
  let html = '';
  if (boundary) {
    for (const part of raw.split(`--${boundary}`)) {
      const at = part.search(/\r?\n\r?\n/);
      if (at < 0) continue;
      const headers = part.slice(0, at);
      const body = part.slice(at).replace(/^\r?\n\r?\n/, '');
      if (/content-type:\s*text\/plain/i.test(headers)) text = decodePart(headers, body);
      else if (/content-type:\s*text\/html/i.test(headers)) html = decodePart(headers, body);
    }
  } else {
    text = decodePart(head, raw.slice(split).trim());
  }
  const links = [...new Set([...`${text}\n${html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0].replace(/&amp;/g, '&')))];
  return { subject: subject.trim(), text, html, links };
}

const mailApi = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://${HOST}`);
  if (url.pathname !== '/mails') {
    res.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const list = mails
    .filter((m) => !to || m.to.includes(to))
    .map((m) => ({ to: m.to, from: m.from, receivedAt: m.receivedAt, ...parseMail(m.raw) }));
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
});
await new Promise((resolve, reject) => {
  mailApi.on('error', reject);
  mailApi.listen(MAIL_PORT, HOST, resolve);
});

// ---- OpenID provider ------------------------------------------------------------------------------------------

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'e2e-key', alg: 'RS256', use: 'sig' };

/** Whoever logs in at the provider's (development) login form: the login is the e-mail, any password works. */
function personOf(sub) {
  const email = sub.includes('@') ? sub.toLowerCase() : `${sub.toLowerCase()}@oidc.example`;
  const local = email.split('@')[0].replace(/[^a-z]+/gi, ' ').trim() || 'Pat';
  const [first, ...rest] = local.split(' ');
  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
  return { email, email_verified: true, given_name: cap(first), family_name: cap(rest.join(' ') || 'Tester') };
}

const provider = new Provider(ISSUER, {
  clients: [
    {
      client_id: OIDC_CLIENT.id,
      client_secret: OIDC_CLIENT.secret,
      redirect_uris: [`${APP_URL}/oauth2/google/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
    {
      // As Google does for access_type=offline: refresh tokens on the code grant, never rotated (below).
      client_id: YOUTUBE_OIDC_CLIENT.id,
      client_secret: YOUTUBE_OIDC_CLIENT.secret,
      redirect_uris: [`${YOUTUBE_APP_URL}/oauth2/youtube/callback`, `${YOUTUBE_APP_URL}/oauth2/google/callback`],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
    {
      // No flow of its own: it only introspects the access tokens the Data API stand-in is shown.
      client_id: STAND_IN_OIDC_CLIENT.id,
      client_secret: STAND_IN_OIDC_CLIENT.secret,
      redirect_uris: [],
      grant_types: [],
      response_types: [],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  jwks: { keys: [jwk] },
  cookies: { keys: ['sift-e2e-cookie-key'] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
  scopes: ['openid', 'offline_access', YOUTUBE_READONLY_SCOPE],
  issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
  rotateRefreshToken: () => false,
  conformIdTokenClaims: false,
  features: {
    devInteractions: { enabled: true },
    // Disconnecting revokes the member's refresh token (each client its own tokens, as at Google).
    revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
    // Only the stand-in may ask what a token grants.
    introspection: { enabled: true, allowedPolicy: async (_ctx, client) => client.clientId === STAND_IN_OIDC_CLIENT.id },
  },
  ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, AuthorizationCode: 60, IdToken: 600, RefreshToken: 3600 },
  async findAccount(_ctx, sub) {
    return { accountId: sub, claims: async () => ({ sub, ...personOf(sub) }) };
  },
});
provider.on('server_error', (_ctx, err) => log('OpenID provider error:', err.message));
const oidcServer = http.createServer(provider.callback());
await new Promise((resolve, reject) => {
  oidcServer.on('error', reject);
  oidcServer.listen(OIDC_PORT, HOST, resolve);
});

// ---- the app ----------------------------------------------------------------------------------------------------

fs.rmSync(DATA_DIR, { recursive: true, force: true });

/** A fresh database beside the one DATABASE_URL names, so that no run sees another's rows or job queue. */
async function freshDatabase(serverUrl, name = `sift_e2e_${APP_PORT}`) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    // Commits need not wait for the disk (as the API tier's databases, decisions/050): same results, a faster run.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
// ---- the app on YouTube, against the stand-in ------------------------------------------------------------------

const STAND_IN_PORT = APP_PORT + 4;
const standIn = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/test/support/youtube-stand-in-main.ts')], {
  cwd: ROOT,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    YOUTUBE_STAND_IN_PORT: String(STAND_IN_PORT),
    YOUTUBE_STAND_IN_ACCOUNTS: YOUTUBE_VIEWERS.join(','),
    YOUTUBE_STAND_IN_INTROSPECTION: JSON.stringify({ issuer: ISSUER, clientId: STAND_IN_OIDC_CLIENT.id, clientSecret: STAND_IN_OIDC_CLIENT.secret }),
  },
});
/** @type {{ apiUrl: string; feedsUrl: string; apiKey: string }} */
const standInUrls = await new Promise((resolve, reject) => {
  let out = '';
  standIn.stdout.on('data', (chunk) => {
    out += chunk;
    const line = out.split('\n').find((l) => l.startsWith('{'));
    if (line) resolve(JSON.parse(line));
  });
  standIn.on('exit', (code) => reject(new Error(`the YouTube stand-in exited (${code})`)));
});
const YOUTUBE_DATABASE_URL = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL, `sift_e2e_yt_${APP_PORT}`) : undefined;
const YOUTUBE_DATA_DIR = `${DATA_DIR}-youtube`;
fs.rmSync(YOUTUBE_DATA_DIR, { recursive: true, force: true });
const youtubeApp = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(YOUTUBE_APP_PORT),
    HOST,
    DATA_DIR: YOUTUBE_DATA_DIR,
    ...(YOUTUBE_DATABASE_URL ? { DATABASE_URL: YOUTUBE_DATABASE_URL } : {}),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    PUBLIC_URL: YOUTUBE_APP_URL,
    SMTP_URL,
    MAIL_FROM: 'Sift <no-reply@sift.test>',
    CAPTCHA_MAX_NUMBER: '2000',
    RATE_LIMITS: 'off',
    YOUTUBE_API_KEY: standInUrls.apiKey,
    YOUTUBE_API_URL: standInUrls.apiUrl,
    YOUTUBE_FEEDS_URL: standInUrls.feedsUrl,
    // Import from a member's YouTube account (issue 16 §1): the provider plays Google.
    GOOGLE_ISSUER: ISSUER,
    GOOGLE_CLIENT_ID: YOUTUBE_OIDC_CLIENT.id,
    GOOGLE_CLIENT_SECRET: YOUTUBE_OIDC_CLIENT.secret,
    TOKEN_ENCRYPTION_KEY: TEST_TOKEN_ENCRYPTION_KEY,
  },
});
// Up before the main app is (Playwright starts the tests once that one answers): its start-up work (migrations, the
// popular videos) must not compete with the first tests for the machine's two cores.
for (const started = Date.now(); ; ) {
  const up = await fetch(`http://${HOST}:${YOUTUBE_APP_PORT}/api/auth/config`).then((r) => r.ok, () => false);
  if (up) break;
  if (youtubeApp.exitCode !== null || Date.now() - started > 90_000) {
    youtubeApp.kill('SIGTERM');
    standIn.kill('SIGTERM');
    throw new Error('the YouTube app did not start');
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
log(`YouTube app ${YOUTUBE_APP_URL} · Data API stand-in ${standInUrls.apiUrl}`);

// ---- the Stripe stand-in (issue 19) -----------------------------------------------------------------------------

/** Test keys of the stand-in, never real secrets: the app and the stand-in share them as Stripe and an account would. */
const STRIPE_TEST_KEYS = { secretKey: 'sk_test_sift_e2e_stand_in_000000', webhookSecret: 'whsec_sift_e2e_stand_in_0000000000' };
const stripeStandIn = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/test/support/stripe-stand-in-main.ts')], {
  cwd: ROOT,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    STRIPE_STAND_IN_PORT: String(APP_PORT + 5),
    STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
    STRIPE_STAND_IN_WEBHOOK_URL: `${APP_URL}/api/billing/webhook`,
  },
});
/** @type {{ apiBase: string; prices: { monthly: string; annual: string } }} */
const stripe = await new Promise((resolve, reject) => {
  let out = '';
  stripeStandIn.stdout.on('data', (chunk) => {
    out += chunk;
    const line = out.split('\n').find((l) => l.startsWith('{'));
    if (line) resolve(JSON.parse(line));
  });
  stripeStandIn.on('exit', (code) => reject(new Error(`the Stripe stand-in exited (${code})`)));
});

// ---- the main app (demo catalog) -------------------------------------------------------------------------------

const DATABASE_URL = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;

const app = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(APP_PORT),
    HOST,
    DATA_DIR,
    ...(DATABASE_URL ? { DATABASE_URL } : {}),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    PUBLIC_URL: APP_URL,
    SMTP_URL,
    MAIL_FROM: 'Sift <no-reply@sift.test>',
    // The contact form's messages (issue 18) arrive at the mail API like every other mail.
    CONTACT_EMAIL: 'operator@sift.test',
    GOOGLE_ISSUER: ISSUER,
    GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
    GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
    // A small proof of work: the widget solves it for real, in well under a second.
    CAPTCHA_MAX_NUMBER: '2000',
    // Parallel tests log in many times from one address.
    RATE_LIMITS: 'off',
    // Payments for PREMIUM, against the Stripe stand-in (issue 19).
    STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
    STRIPE_PRICE_MONTHLY: stripe.prices.monthly,
    STRIPE_PRICE_ANNUAL: stripe.prices.annual,
    STRIPE_API_BASE: stripe.apiBase,
  },
});
log(`app ${APP_URL} (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}) · Stripe stand-in ${stripe.apiBase} · mail API http://${HOST}:${MAIL_PORT}/mails · SMTP ${SMTP_URL} · OpenID issuer ${ISSUER}`);


let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  app.kill('SIGTERM');
  youtubeApp.kill('SIGTERM');
  standIn.kill('SIGTERM');
  stripeStandIn.kill('SIGTERM');
  const close = (s) => new Promise((resolve) => s.close(() => resolve()));
  oidcServer.closeAllConnections?.();
  mailApi.closeAllConnections?.();
  Promise.all([close(oidcServer), close(mailApi), close(smtp)]).finally(() => process.exit(code));
  setTimeout(() => process.exit(code), 3000).unref();
}
for (const [name, child] of [['app', app], ['YouTube app', youtubeApp], ['YouTube stand-in', standIn], ['Stripe stand-in', stripeStandIn]]) {
  child.on('exit', (code) => {
    if (!stopping) {
      log(`the ${name} exited (${code})`);
      stop(code ?? 1);
    }
  });
}
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));
