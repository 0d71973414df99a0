import { stopOnSignals } from '@forage/messaging';
import { loadProcessingConfig } from './config.js';
import { startProcessingService } from './service.js';

stopOnSignals(await startProcessingService(loadProcessingConfig()));
