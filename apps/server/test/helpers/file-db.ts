import { afterAll } from 'vitest';
import { dropFileDb } from './build-app.ts';

// Every server test file: its own PostgreSQL database goes when the file ends, while other files
// still run (a drop waits for a checkpoint; a thousand at the end of the run would queue).
afterAll(dropFileDb);
