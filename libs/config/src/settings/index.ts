/** The user's settings: declared once, resolved from flags, FORAGE_* variables and forage.config.json. */
export * from './define.js';
export * from './catalog.js';
export * from './resolve.js';
export * from './report.js';
export * from './service-env.js';
export * from './readme-table.js';
export { closestName } from './closest-name.js';
