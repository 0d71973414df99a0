import { stopOnSignals } from '@forage/messaging';
import { loadVerifierConfig } from './config.js';
import { startVerifierService } from './service.js';

stopOnSignals(await startVerifierService(loadVerifierConfig()));
