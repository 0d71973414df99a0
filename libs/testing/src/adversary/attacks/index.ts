import type { Attack } from '../attack.js';
import { moveChainHead, purgeEvidence, putTaskMemory, readSecrets } from './buckets.js';
import { createConsumer, deleteConsumer, readOthersConsumer } from './consumers.js';
import { forgedCompletion, forgedProducer, forgedVerdict } from './forgery.js';
import { purgeStream, reconfigureStream, republishStream, sourceStream } from './stream-config.js';

/** Every attack of the adversary suite (issue 25); add a file and a line here to add one. */
export const ATTACKS: readonly Attack[] = [
  republishStream,
  reconfigureStream,
  sourceStream,
  purgeStream,
  deleteConsumer,
  readOthersConsumer,
  createConsumer,
  putTaskMemory,
  moveChainHead,
  readSecrets,
  purgeEvidence,
  forgedProducer,
  forgedVerdict,
  forgedCompletion,
];
