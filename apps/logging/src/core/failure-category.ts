import type { FailureCategory, RunFailure, StoredLogRecord } from '@forage/contracts';

/** action-execution's failure categories, as the reader groups them. */
const ACTION_CATEGORIES: Record<string, FailureCategory> = {
  not_found: 'selector_mismatch',
  not_visible: 'selector_mismatch',
  detached: 'selector_mismatch',
  disabled: 'selector_mismatch',
  not_applicable: 'validation',
  timeout: 'timeout',
  navigation_failed: 'network',
  blocked: 'blocked',
};

/** Error codes of typed failures (`ErrorReply.code`), as the reader groups them. */
const ERROR_CODES: Record<string, FailureCategory> = {
  timeout: 'timeout',
  unavailable: 'network',
  upstream_failed: 'network',
  not_found: 'network',
  blocked: 'blocked',
  egress_denied: 'blocked',
  invalid_request: 'validation',
  invalid_reply: 'validation',
};

/**
 * The category of a failed or partial record, from what its tool recorded: action-execution's
 * `failure.category`, a typed error's `error.code`, dom-extraction's blocked outcome or HTTP status,
 * or the failure's words. Undefined for a successful record.
 */
export function failureOf(record: StoredLogRecord): RunFailure | undefined {
  if (record.status === 'success') return undefined;
  const { category, detail } = categorise(record.output.data);
  return {
    recordId: record.record_id,
    seq: record.seq,
    tool: record.tool_name,
    category,
    detail: detail.slice(0, 500),
  };
}

function categorise(data: Record<string, unknown>): { category: FailureCategory; detail: string } {
  const failure = objectAt(data, 'failure');
  if (failure && typeof failure['category'] === 'string') {
    return {
      category: ACTION_CATEGORIES[failure['category']] ?? 'other',
      detail: `${failure['category']}: ${stringAt(failure, 'message')}`,
    };
  }
  const error = objectAt(data, 'error');
  if (error && typeof error['code'] === 'string') {
    const message = stringAt(error, 'message');
    return {
      category: ERROR_CODES[error['code']] ?? fromWords(message),
      detail: `${error['code']}: ${message}`,
    };
  }
  const outcome = objectAt(data, 'outcome');
  if (outcome?.['kind'] === 'blocked')
    return {
      category: 'blocked',
      detail: `blocked (${stringAt(outcome, 'reason')}): ${stringAt(outcome, 'detail')}`,
    };
  const status = typeof data['status'] === 'number' ? data['status'] : undefined;
  if (status !== undefined && status >= 400) return { category: 'network', detail: `HTTP ${String(status)}` };
  const words = [stringAt(data, 'reason'), stringAt(data, 'detail')].filter(Boolean).join(' ');
  return { category: fromWords(words), detail: words || 'no failure detail recorded' };
}

function fromWords(text: string): FailureCategory {
  if (/time(?:d)?\s*out|timeout/i.test(text)) return 'timeout';
  if (/ECONN|ENOTFOUND|EAI_AGAIN|network|socket|DNS/i.test(text)) return 'network';
  if (/blocked|captcha|forbidden|robots/i.test(text)) return 'blocked';
  if (/selector|locator|no element|not found on the page/i.test(text)) return 'selector_mismatch';
  if (/invalid|validation|does not match/i.test(text)) return 'validation';
  return 'other';
}

function objectAt(data: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const value = data[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function stringAt(data: Record<string, unknown>, key: string): string {
  const value = data[key];
  return typeof value === 'string' ? value : '';
}
