/** @forage/app-action-execution: what tooling outside the app may use (the actions benchmark). */
export { startActionExecutionService } from './service.js';
export { loadActionExecutionConfig, type ActionExecutionConfig } from './config.js';
