/**
 * @forage/app-dom-extraction: what tooling outside the app may use (benchmarks, the soak):
 * starting the service in-process, and reading its browser supervisor and browser processes.
 */
export { startDomExtractionService } from './service.js';
export { loadDomExtractionConfig, type DomExtractionConfig } from './config.js';
export { BrowserPool } from './adapters/browser-pool.js';
export {
  liveTree,
  readProcessTable,
  treeMemoryBytes,
  treeRssSumBytes,
} from './adapters/browser/process-table.js';
