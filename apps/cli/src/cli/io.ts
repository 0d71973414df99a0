/** sysexits: usage error. */
export const EX_USAGE = 64;

/** What a command line runs against: the repository, the environment and the terminal. */
export interface CliIo {
  /** The repository root (where apps/ and libs/ are built). */
  readonly root: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** Raw text to stderr (progress redraws). */
  readonly errRaw: (text: string) => void;
  readonly stderrIsTTY: boolean;
}

/** Parsed option values of one command line. */
export type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

export const str = (v: Values[string]): string | undefined => (typeof v === 'string' ? v : undefined);
export const strings = (v: Values[string]): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
