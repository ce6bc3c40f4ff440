import { afterAll } from 'vitest';
import { closeWorkerPool } from '../workers/pool';

// Every node test file that parsed an upload, ran a check or rendered a report used the process's
// worker pool; its threads end with the file.
afterAll(() => closeWorkerPool());
