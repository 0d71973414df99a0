import type { LogRecord } from '@forage/contracts';

/**
 * Why a record is refused for its producer, or undefined when it is accepted. Only tool services
 * write records (the schema admits only tool names), each under its own name. The producer is the
 * connection that sent it: each tool may publish only on `log.record.v1.<tool>` (NATS permissions),
 * and the transport refuses a record whose tool is not the one its subject names (ForgedProducerError).
 */
export function producerProblem(record: LogRecord): string | undefined {
  if (!record.producer) return 'no producer: only a tool service may write log records';
  if (record.producer.tool !== record.tool_name) {
    return `producer ${record.producer.tool} may not write a record for tool ${record.tool_name}`;
  }
  return undefined;
}
