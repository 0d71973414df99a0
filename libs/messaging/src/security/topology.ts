import {
  aggregatePassages,
  answerQuestion,
  auditLog,
  claimRun,
  closeSession,
  deadLetterEvent,
  deleteProfile,
  executeAction,
  executeAgentAction,
  extractPage,
  getRunHistory,
  listProfiles,
  listRuns,
  logRecordEvent,
  normalizeChunks,
  observeSession,
  openAgentSession,
  processListings,
  queryLogs,
  runCancel,
  runCompleted,
  runInput,
  runNeedsInput,
  runStart,
  runStep,
  searchOutcome,
  searchQuery,
  understandPage,
  verifyRun,
  type CommandContract,
  type EventContract,
} from '@forage/contracts';

type AnyContract = CommandContract | EventContract;

/** What one service does on the bus, by contract (subjects come from the contracts, never typed twice). */
export interface ServiceBusRole {
  /** Commands it answers and events it subscribes to on core NATS or consumes through JetStream. */
  readonly serves: readonly AnyContract[];
  /** Commands it sends. */
  readonly calls: readonly AnyContract[];
  /** Events it publishes (core NATS or JetStream). */
  readonly emits: readonly AnyContract[];
  /** Events it only reads back from their JetStream stream (no subscription to the subject). */
  readonly observes?: readonly AnyContract[];
}

/**
 * Who serves, calls and emits which contract: the source of each service's NATS permissions.
 * tests/nats-auth-topology.unit.test.ts checks it against the contracts each app's code uses,
 * so a new call or handler that is not listed here fails a test instead of a permission at runtime.
 */
export const busTopology = {
  gateway: {
    serves: [],
    // the MCP tools (search, read a page, read it into a schema and verify each field, drive a
    // session) as well as the HTTP API; an agent session is driven on subjects of its own (never
    // action.execute.v1, a run's) and its page is read by dom-understanding as a run's would be
    calls: [
      queryLogs,
      listRuns,
      getRunHistory,
      claimRun,
      runInput,
      searchQuery,
      extractPage,
      executeAgentAction,
      openAgentSession,
      observeSession,
      closeSession,
      listProfiles,
      deleteProfile,
      understandPage,
      verifyRun,
    ],
    emits: [runStart, runCancel],
    observes: [runStep, runCompleted, runNeedsInput],
  },
  orchestrator: {
    serves: [runStart, runInput, runCancel],
    calls: [searchQuery, extractPage, understandPage, executeAction, answerQuestion, verifyRun],
    // a declared tool (toolNameSchema) although it records no outcomes yet
    emits: [runStep, runCompleted, runNeedsInput, searchOutcome, logRecordEvent, deadLetterEvent],
  },
  search: { serves: [searchQuery, searchOutcome], calls: [], emits: [logRecordEvent] },
  'dom-extraction': { serves: [extractPage], calls: [], emits: [logRecordEvent] },
  'dom-understanding': { serves: [understandPage], calls: [], emits: [logRecordEvent] },
  'action-execution': {
    serves: [
      executeAction,
      executeAgentAction,
      openAgentSession,
      observeSession,
      closeSession,
      listProfiles,
      deleteProfile,
      runCompleted,
    ],
    calls: [],
    emits: [logRecordEvent],
  },
  processing: {
    serves: [answerQuestion, normalizeChunks, aggregatePassages, processListings],
    calls: [],
    emits: [logRecordEvent],
  },
  verifier: { serves: [verifyRun], calls: [queryLogs], emits: [logRecordEvent] },
  logging: {
    serves: [
      logRecordEvent,
      queryLogs,
      auditLog,
      listRuns,
      getRunHistory,
      claimRun,
      runStart,
      runStep,
      runCompleted,
      runNeedsInput,
    ],
    calls: [],
    emits: [deadLetterEvent],
  },
} as const satisfies Record<string, ServiceBusRole>;

export type ServiceIdentity = keyof typeof busTopology;

/** The operator's identity (`forage` CLI commands, benchmarks): may publish and subscribe to anything. */
export const ADMIN_IDENTITY = 'admin';
export type NatsIdentity = ServiceIdentity | typeof ADMIN_IDENTITY;

export const SERVICE_IDENTITIES = Object.keys(busTopology) as ServiceIdentity[];
export const NATS_IDENTITIES: readonly NatsIdentity[] = [...SERVICE_IDENTITIES, ADMIN_IDENTITY];

export function isServiceIdentity(name: string): name is ServiceIdentity {
  return Object.hasOwn(busTopology, name);
}
