/** Reading and reaping browser processes from /proc lives in @forage/browser, shared by every service. */
export {
  findProcessByMarker,
  killBrowserProcesses,
  liveTree,
  readProcessTable,
  treeMemoryBytes,
  treeRssSumBytes,
} from '@forage/browser';
