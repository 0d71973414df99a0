/**
 * What each Forage container of a deployment file gets at start: its environment (after compose's
 * `${VAR}` substitution, or Kubernetes' env, envFrom and ConfigMaps) and the files mounted into it
 * from secrets, with their content. Pure: the caller reads the files.
 */
import { parse, parseAllDocuments } from 'yaml';

export interface ServiceEnv {
  /** The app under apps/ its command starts (apps/<app>/dist/main.js). */
  readonly app: string;
  /** The compose service or the Kubernetes workload. */
  readonly name: string;
  /** Its command line (compose `command`, Kubernetes `command` + `args`). */
  readonly command: readonly string[];
  readonly replicas: number;
  readonly env: Readonly<Record<string, string>>;
  /** Files from secrets, by the path the container sees. */
  readonly files: ReadonlyMap<string, string>;
  /** Variables whose value is a secret given as a plain environment variable. */
  readonly secretsInEnv: readonly string[];
}

const APP = /apps\/([a-z-]+)\/dist\/main\.js/;

function wordsOf(command: unknown): string[] {
  return Array.isArray(command) ? command.map(String) : typeof command === 'string' ? [command] : [];
}

function appOf(command: unknown): string | undefined {
  for (const w of wordsOf(command)) {
    const m = APP.exec(w);
    if (m?.[1]) return m[1];
  }
  return undefined;
}

/** compose's `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?message}` over `vars`. */
export function interpolate(value: string, vars: Readonly<Record<string, string>>): string {
  return value.replace(
    /\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g,
    (_all, name: string, op?: string, arg?: string) => {
      const v = vars[name];
      const empty = v === undefined || (op?.startsWith(':') === true && v === '');
      if (!empty) return v;
      if (op?.endsWith('?')) throw new Error(`compose stops: ${name} is not set (${arg ?? ''})`);
      return arg ?? '';
    },
  );
}

type Yaml = Record<string, unknown>;
/** A scalar as text (YAML numbers and booleans included); anything else is empty. */
const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
const obj = (v: unknown): Yaml => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Yaml) : {});

/** Each service of docker-compose.yml that runs a Forage app, with `.env`'s values and the secret files. */
export function composeServices(
  composeText: string,
  vars: Readonly<Record<string, string>>,
  secretFiles: ReadonlyMap<string, string>,
): ServiceEnv[] {
  const doc = obj(parse(composeText, { merge: true }));
  const declared = obj(doc['secrets']);
  const out: ServiceEnv[] = [];
  for (const [name, raw] of Object.entries(obj(doc['services']))) {
    const svc = obj(raw);
    const app = appOf(svc['command']);
    if (!app) continue;
    const environment = obj(svc['environment']);
    const env = Object.fromEntries(
      Object.entries(environment).map(([k, v]) => [k, interpolate(text(v), vars)]),
    );
    const files = new Map<string, string>();
    for (const s of Array.isArray(svc['secrets']) ? svc['secrets'] : []) {
      const source = typeof s === 'string' ? s : text(obj(s)['source']);
      const target = typeof s === 'string' ? s : text(obj(s)['target'] ?? source);
      const file = text(obj(declared[source])['file'] ?? '').replace(/^\.\//, '');
      const content = secretFiles.get(file);
      if (content !== undefined)
        files.set(target.startsWith('/') ? target : `/run/secrets/${target}`, content);
    }
    const secretValues = [...secretFiles.values()].map((c) => c.trim()).filter((c) => c.length >= 16);
    const secretsInEnv = Object.entries(env)
      .filter(([, v]) => secretValues.some((secret) => v.includes(secret)))
      .map(([k]) => k);
    out.push({
      app,
      name,
      command: wordsOf(svc['command']),
      replicas: Number(obj(svc['deploy'])['replicas'] ?? 1),
      env,
      files,
      secretsInEnv,
    });
  }
  return out;
}

interface K8sDoc {
  kind?: string;
  metadata?: { name?: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: Yaml;
}

/**
 * Each Forage container of rendered Kubernetes manifests (`kubectl kustomize deploy/k8s`: Deployments,
 * StatefulSets and Jobs), with the ConfigMaps of the same output and the Secrets of `secretsText`
 * (forage deploy init --k8s).
 */
export function k8sServices(renderedText: string, secretsText: string): ServiceEnv[] {
  const docs = parseAllDocuments(renderedText).map((d) => d.toJS() as K8sDoc | null);
  const secretDocs = parseAllDocuments(secretsText).map((d) => d.toJS() as K8sDoc | null);
  const configMaps = new Map(
    docs.filter((d) => d?.kind === 'ConfigMap').map((d) => [d?.metadata?.name ?? '', d?.data ?? {}]),
  );
  const secrets = new Map(
    secretDocs
      .filter((d) => d?.kind === 'Secret')
      .map((d) => [d?.metadata?.name ?? '', { ...(d?.data ?? {}), ...(d?.stringData ?? {}) }]),
  );
  const out: ServiceEnv[] = [];
  for (const d of docs) {
    if (!d || !['Deployment', 'StatefulSet', 'Job'].includes(d.kind ?? '')) continue;
    const pod = obj(obj(obj(d.spec)['template'])['spec']);
    const volumes = new Map(
      (Array.isArray(pod['volumes']) ? pod['volumes'] : []).map((v) => [text(obj(v)['name']), obj(v)]),
    );
    for (const c of Array.isArray(pod['containers']) ? pod['containers'] : []) {
      const container = obj(c);
      const command = [...arr(container['command']), ...arr(container['args'])].map(String);
      const app = appOf(command);
      if (!app) continue;
      const env: Record<string, string> = {};
      const secretsInEnv: string[] = [];
      for (const from of arr(container['envFrom'])) {
        const cm = obj(obj(from)['configMapRef'])['name'];
        const sec = obj(obj(from)['secretRef'])['name'];
        if (cm) Object.assign(env, configMaps.get(text(cm)) ?? {});
        if (sec) {
          const values = secrets.get(text(sec)) ?? {};
          Object.assign(env, values);
          secretsInEnv.push(...Object.keys(values));
        }
      }
      for (const e of arr(container['env'])) {
        const { name, value, valueFrom } = obj(e);
        const ref = obj(obj(valueFrom)['secretKeyRef']);
        const cmRef = obj(obj(valueFrom)['configMapKeyRef']);
        if (ref['name']) {
          secretsInEnv.push(text(name));
          const v = secrets.get(text(ref['name']))?.[text(ref['key'])];
          if (v !== undefined) env[text(name)] = v;
        } else if (cmRef['name']) {
          const v = configMaps.get(text(cmRef['name']))?.[text(cmRef['key'])];
          if (v !== undefined) env[text(name)] = v;
        } else if (value !== undefined) env[text(name)] = text(value);
      }
      const files = new Map<string, string>();
      for (const m of arr(container['volumeMounts'])) {
        const mount = obj(m);
        const volume = volumes.get(text(mount['name']));
        if (!volume) continue;
        for (const [path, content] of secretVolumeFiles(volume, secrets)) {
          const sub = mount['subPath'];
          if (sub !== undefined && sub !== path) continue;
          files.set(
            sub !== undefined ? text(mount['mountPath']) : `${text(mount['mountPath'])}/${path}`,
            content,
          );
        }
      }
      out.push({
        app,
        name: d.metadata?.name ?? app,
        command,
        replicas: Number(obj(d.spec)['replicas'] ?? 1),
        env,
        files,
        secretsInEnv,
      });
    }
  }
  return out;
}

function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** [path in the volume, content] of each file a secret or projected volume holds. */
function secretVolumeFiles(
  volume: Yaml,
  secrets: ReadonlyMap<string, Record<string, string>>,
): [string, string][] {
  const sources = volume['secret']
    ? [obj(volume['secret'])]
    : arr(obj(volume['projected'])['sources']).map((s) => obj(obj(s)['secret']));
  const out: [string, string][] = [];
  for (const s of sources) {
    const name = text(s['secretName'] ?? s['name'] ?? '');
    const values = secrets.get(name);
    if (!values) continue;
    const items = arr(s['items']);
    if (items.length === 0) for (const [k, v] of Object.entries(values)) out.push([k, v]);
    for (const i of items) {
      const v = values[text(obj(i)['key'])];
      if (v !== undefined) out.push([text(obj(i)['path']), v]);
    }
  }
  return out;
}
