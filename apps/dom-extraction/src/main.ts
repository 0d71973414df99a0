import { stopOnSignals } from '@forage/messaging';
import { loadDomExtractionConfig } from './config.js';
import { startDomExtractionService } from './service.js';

stopOnSignals(await startDomExtractionService(loadDomExtractionConfig()));
