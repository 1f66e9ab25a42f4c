// npm run test:stress: the README's test command (`npm test`) with two CPU-bound processes beside it (`yes > /dev/null`,
// twice), the condition CI meets on a throttled 2-core machine (issue 29). A suite that passes here does not depend on
// how fast the machine is. The two processes are ended when the run ends, whatever way it ends. Not part of CI.
import { spawn } from 'node:child_process';

const HOGS = 2;
const hogs = Array.from({ length: HOGS }, () => spawn('yes', { stdio: ['ignore', 'ignore', 'inherit'] }));
const stopHogs = () => {
  for (const hog of hogs) if (hog.exitCode === null && hog.signalCode === null) hog.kill('SIGKILL');
};
process.on('exit', stopHogs);

console.log(`test:stress: npm test beside ${HOGS} CPU-bound processes (yes > /dev/null, pids ${hogs.map((h) => h.pid).join(', ')})`);
const started = performance.now();
// In a process group of its own, so that a signal to this script reaches every process of the run (servers,
// browsers, test workers), not npm alone.
const run = spawn('npm', ['test'], { stdio: 'inherit', detached: true });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopHogs();
    try {
      process.kill(-run.pid, signal);
    } catch {
      // the run has ended meanwhile
    }
  });
}
run.on('exit', (code, signal) => {
  stopHogs();
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.log(`test:stress: npm test ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${minutes} min beside ${HOGS} CPU-bound processes`);
  process.exit(code ?? 1);
});
