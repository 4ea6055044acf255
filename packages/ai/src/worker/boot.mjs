// Starts a worker thread from TypeScript source: registers tsx in this thread (a worker does
// not inherit the parent's loader), then loads the entry module named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
