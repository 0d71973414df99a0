/** Launching Chromium (with a marker to find its process) lives in @forage/browser, shared by every service. */
export { launchChromium, type LaunchedChromium } from '@forage/browser';
