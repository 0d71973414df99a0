import type { Attack } from '../attack.js';
import {
  moveChainHead,
  plantCrawlPage,
  purgeEvidence,
  putTaskMemory,
  readSecrets,
  touchProfiles,
} from './buckets.js';
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
  plantCrawlPage,
  moveChainHead,
  readSecrets,
  touchProfiles,
  purgeEvidence,
  forgedProducer,
  forgedVerdict,
  forgedCompletion,
];
