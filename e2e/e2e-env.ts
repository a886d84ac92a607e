import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Shared by the config (which starts the server) and the tests (which read its database). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3217);
export const E2E_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/e2e-data');
