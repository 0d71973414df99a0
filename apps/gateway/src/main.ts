import { stopOnSignals } from '@forage/messaging';
import { loadGatewayConfig } from './config.js';
import { startGatewayService } from './service.js';

stopOnSignals(await startGatewayService(loadGatewayConfig()));
