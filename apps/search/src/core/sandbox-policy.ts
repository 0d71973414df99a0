/** Whether the sandbox (the demo corpus of the sitemaps) is searched, and why, for /health and `forage status`. */
export interface SandboxDecision {
  readonly searched: boolean;
  readonly why: string;
}

/**
 * The embedded sandbox is a demo corpus: searched when nothing else is (no indexed pages of the
 * user's, no web provider), or when the user asks for it; never ranked beside the user's own pages
 * by default.
 */
export function sandboxDecision(input: {
  mode: 'auto' | 'always' | 'never';
  userDocuments: number;
  webProviders: readonly string[];
}): SandboxDecision {
  if (input.mode === 'always') return { searched: true, why: 'asked for (sandbox: always)' };
  if (input.mode === 'never') return { searched: false, why: 'turned off (sandbox: never)' };
  if (input.userDocuments > 0)
    return {
      searched: false,
      why: `your index has ${String(input.userDocuments)} documents (sandbox: always to search it too)`,
    };
  if (input.webProviders.length > 0)
    return {
      searched: false,
      why: `web provider${input.webProviders.length > 1 ? 's' : ''} ${input.webProviders.join(', ')} configured (sandbox: always to search it too)`,
    };
  return { searched: true, why: 'no other source is configured' };
}
