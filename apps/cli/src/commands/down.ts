import { readStackLock } from '../stack/lock.js';
import { isAlive, readStackState } from '../stack/state-file.js';

/** `forage down`: asks a running (or still starting) `forage up` to stop, and waits for it. */
export async function down(dataDir: string): Promise<number> {
  const supervisorPid = readStackState(dataDir)?.supervisorPid ?? readStackLock(dataDir)?.pid;
  if (supervisorPid === undefined) {
    console.log('Forage is not running.');
    return 0;
  }
  process.kill(supervisorPid, 'SIGTERM');
  const deadline = Date.now() + 30_000;
  while (isAlive(supervisorPid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(supervisorPid)) {
    console.log(`supervisor ${supervisorPid} did not stop in 30 s`);
    return 1;
  }
  console.log('Forage stopped.');
  return 0;
}
