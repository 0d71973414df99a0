/** @forage/browser: the one place that knows where Chromium is and how Forage launches it. */
export * from './chromium.js';
export * from './slots.js';
