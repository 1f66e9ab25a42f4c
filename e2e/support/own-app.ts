import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free loopback port, from the system (port 0), so the app does not take one of another run's. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface OwnApp {
  url: string;
  /** The copy of the built web app this server serves (WEB_DIST_DIR): a test may "deploy" into it. */
  distDir: string;
  stop(): Promise<void>;
}

/**
 * The built server (apps/server/dist/main.js) of a test's own, serving a copy of apps/web/dist from `workDir`: for
 * tests that change the deployed web app, which would disturb the shared app's other tests. On PGlite in `workDir`,
 * without the demo catalog (the web app's shell is what such a test needs), on a free port: another origin, so its
 * service worker is a registration of its own.
 */
export async function startOwnApp(workDir: string): Promise<OwnApp> {
  fs.rmSync(workDir, { recursive: true, force: true });
  const distDir = path.join(workDir, 'web-dist');
  fs.cpSync(path.join(ROOT, 'apps/web/dist'), distDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(workDir, 'data'),
    WEB_DIST_DIR: distDir,
    PUBLIC_URL: url,
    SEED_DEMO: 'false',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'YOUTUBE_API_KEY']) delete env[name];
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], { cwd: ROOT, env, stdio: 'inherit' });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  for (const started = Date.now(); ; ) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (child.exitCode !== null || Date.now() - started > 60_000) {
      await stop();
      throw new Error(`the test's own app at ${url} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, distDir, stop };
}
