import { stopOnSignals } from '@forage/messaging';
import { loadLoggingConfig } from './config.js';
import { startLoggingService } from './service.js';

stopOnSignals(await startLoggingService(loadLoggingConfig()));
