import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, loadConfigFromFile, type Logger } from 'vite';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A Vite logger that keeps its warnings and errors (what `npm start`'s quiet build still prints). */
function keepingLogger(): { logger: Logger; said: string[] } {
  const said: string[] = [];
  const base = createLogger('warn', { allowClearScreen: false });
  return { said, logger: { ...base, warn: (msg) => void said.push(msg), warnOnce: (msg) => void said.push(msg), error: (msg) => void said.push(msg) } };
}

// Issue 31: the first `npm start` printed a yellow config-loader warning and a [PLUGIN_TIMINGS] block that read like
// problems. The web build's own options keep it to real warnings.
describe("the web build, as npm start runs it", () => {
  it('loads its config without a warning (every relative import names its file, as the native loader needs)', async () => {
    const { logger, said } = keepingLogger();
    const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, path.join(root, 'apps/web/vite.config.ts'), path.join(root, 'apps/web'), 'warn', logger);
    expect(loaded).not.toBeNull();
    expect(said).toEqual([]);
  });

  it("turns off Rolldown's plugin-timings report", async () => {
    const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, path.join(root, 'apps/web/vite.config.ts'), path.join(root, 'apps/web'), 'silent');
    expect(loaded?.config.build?.rolldownOptions?.checks).toMatchObject({ bundlerTimings: false });
  });
});
