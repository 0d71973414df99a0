/** @forage/browser: the one place that knows where Chromium is and how Forage launches it. */
export * from './chromium.js';
export * from './slots.js';
export * from './bounded.js';
export * from './proc-stat.js';
export * from './process-table.js';
export * from './launch.js';
export * from './navigate.js';
export * from './supervisor.js';
