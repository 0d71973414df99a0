import { existsSync } from 'node:fs';

/** Where util-linux's setpriv lives on the systems Forage runs on. */
const SETPRIV_CANDIDATES = ['/usr/bin/setpriv', '/bin/setpriv'];

/**
 * The command line that runs `command` so that the kernel sends it `signal` when the process that
 * spawned it dies (prctl PR_SET_PDEATHSIG, set by util-linux's `setpriv`, which then execs the
 * command under the same pid). A supervisor killed with SIGKILL cannot stop its children itself;
 * this way they do not outlive it. Without setpriv the command runs as is, and the next
 * `forage up` stops what is left (apps/cli/src/stack/leftovers.ts).
 */
export function dieWithParent(input: {
  command: string;
  args: readonly string[];
  signal?: 'SIGTERM' | 'SIGKILL';
  setprivCandidates?: readonly string[];
}): { command: string; args: string[] } {
  const setpriv = (input.setprivCandidates ?? SETPRIV_CANDIDATES).find((c) => existsSync(c));
  if (!setpriv || process.platform !== 'linux') return { command: input.command, args: [...input.args] };
  const signal = (input.signal ?? 'SIGTERM').replace(/^SIG/, '');
  return { command: setpriv, args: ['--pdeathsig', signal, '--', input.command, ...input.args] };
}
