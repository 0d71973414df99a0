import type { CommandContract, EventContract } from './define.js';
import { auditLog, queryLogs, logRecordEvent } from './log.js';
import { searchOutcome, searchQuery } from './search.js';
import { extractPage, understandPage } from './dom.js';
import { executeAction } from './action.js';
import { closeSession, executeAgentAction, observeSession, openAgentSession } from './session.js';
import { deleteProfile, listProfiles } from './profile.js';
import { aggregatePassages, answerQuestion, normalizeChunks, processListings } from './processing.js';
import { verifyRun } from './verify.js';
import { runCompleted, runInput, runNeedsInput, runStart, runStep } from './run.js';
import { claimRun, getRunHistory, listRuns, runCancel } from './runs-history.js';
import { deadLetterEvent } from './dead-letter.js';

/** Every command, for tooling that must cover all subjects (schema snapshots, fuzzing). */
export const commandContracts: readonly CommandContract[] = [
  searchQuery,
  extractPage,
  understandPage,
  executeAction,
  executeAgentAction,
  openAgentSession,
  observeSession,
  closeSession,
  listProfiles,
  deleteProfile,
  answerQuestion,
  normalizeChunks,
  aggregatePassages,
  processListings,
  queryLogs,
  auditLog,
  verifyRun,
  runInput,
  listRuns,
  getRunHistory,
  claimRun,
];
export const eventContracts: readonly EventContract[] = [
  runStart,
  runStep,
  runCompleted,
  runNeedsInput,
  runCancel,
  logRecordEvent,
  deadLetterEvent,
  searchOutcome,
];
export const allContracts = [...commandContracts, ...eventContracts] as const;
