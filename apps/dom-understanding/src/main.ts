import { stopOnSignals } from '@forage/messaging';
import { loadDomUnderstandingConfig } from './config.js';
import { startDomUnderstandingService } from './service.js';

stopOnSignals(await startDomUnderstandingService(loadDomUnderstandingConfig()));
