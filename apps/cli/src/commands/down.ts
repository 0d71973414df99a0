import { isAlive, readStackState } from '../stack/state-file.js';

/** `forage down`: asks a running `forage up` to stop, and waits for it. */
export async function down(dataDir: string): Promise<number> {
  const state = readStackState(dataDir);
  if (!state) {
    console.log('Forage is not running.');
    return 0;
  }
  process.kill(state.supervisorPid, 'SIGTERM');
  const deadline = Date.now() + 30_000;
  while (isAlive(state.supervisorPid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(state.supervisorPid)) {
    console.log(`supervisor ${state.supervisorPid} did not stop in 30 s`);
    return 1;
  }
  console.log('Forage stopped.');
  return 0;
}
