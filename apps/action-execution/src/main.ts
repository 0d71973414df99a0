import { stopOnSignals } from '@forage/messaging';
import { loadActionExecutionConfig } from './config.js';
import { startActionExecutionService } from './service.js';

stopOnSignals(await startActionExecutionService(loadActionExecutionConfig()));
