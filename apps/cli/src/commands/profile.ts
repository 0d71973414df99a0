import { profileNameSchema } from '@forage/contracts';
import { ForageToolError, GatewayHttpPort } from '@forage/mcp';
import { EX_USAGE } from './exit-codes.js';
import { exitCodeOf } from './session.js';

const USAGE = 'forage profile list | delete <name>';

export interface ProfileCommandInput {
  readonly gatewayUrl: string;
  readonly apiKey?: string | undefined;
  readonly positionals: readonly string[];
  readonly json: boolean;
  readonly write: (line: string) => void;
  readonly warn: (line: string) => void;
}

/**
 * `forage profile …`: the browser profiles of the API key in FORAGE_API_KEY (made with
 * `forage session open --profile NAME`), listed with their origins, or deleted.
 */
export async function profileCommand(input: ProfileCommandInput): Promise<number> {
  const [verb, name, ...rest] = input.positionals;
  const port = new GatewayHttpPort({
    gatewayUrl: input.gatewayUrl,
    ...(input.apiKey ? { apiKey: input.apiKey } : {}),
  });
  try {
    switch (verb) {
      case 'list': {
        if (name !== undefined) return usage(input, 'list takes no argument');
        const { profiles } = await port.listProfiles();
        if (input.json) input.write(JSON.stringify({ profiles }));
        else if (profiles.length === 0) input.write('no browser profiles');
        else
          for (const p of profiles)
            input.write(`${p.name}\tupdated ${p.updatedAt}\t${p.origins.join(' ') || '(no origins)'}`);
        return 0;
      }
      case 'delete': {
        const parsed = profileNameSchema.safeParse(name);
        if (name === undefined || rest.length > 0) return usage(input, 'delete takes one profile name');
        if (!parsed.success) return usage(input, parsed.error.issues[0]?.message ?? 'not a profile name');
        const deleted = await port.deleteProfile(parsed.data);
        input.write(input.json ? JSON.stringify(deleted) : `deleted browser profile ${deleted.name}`);
        return 0;
      }
      default:
        return usage(input, verb === undefined ? 'a subcommand is needed' : `unknown subcommand "${verb}"`);
    }
  } catch (err) {
    if (!(err instanceof ForageToolError)) throw err;
    input.warn(`forage profile ${verb ?? ''}: ${err.code}: ${err.message}`);
    return exitCodeOf(err.code);
  }
}

function usage(input: ProfileCommandInput, problem: string): number {
  input.warn(`forage profile: ${problem}\nUsage: ${USAGE}`);
  return EX_USAGE;
}
