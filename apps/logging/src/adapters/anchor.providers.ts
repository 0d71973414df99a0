import type { Provider } from '@nestjs/common';
import { Bus } from '@forage/messaging';
import { CHAIN_ANCHOR } from '../tokens.js';
import { ChainAnchor } from './chain-anchor.js';
import { ChainMonitor } from './chain-monitor.js';

export const anchorProviders: Provider[] = [
  {
    provide: CHAIN_ANCHOR,
    inject: [Bus],
    useFactory: (bus: Bus) => ChainAnchor.open({ nc: bus.connection, replicas: bus.jetstreamReplicas }),
  },
  ChainMonitor,
];
