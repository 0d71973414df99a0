import { stopOnSignals } from '@forage/messaging';
import { loadSearchConfig } from './config.js';
import { startSearchService } from './service.js';

stopOnSignals(await startSearchService(loadSearchConfig()));
