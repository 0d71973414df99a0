import { stopOnSignals } from '@forage/messaging';
import { loadOrchestratorConfig } from './config.js';
import { startOrchestratorService } from './service.js';

stopOnSignals(await startOrchestratorService(loadOrchestratorConfig()));
