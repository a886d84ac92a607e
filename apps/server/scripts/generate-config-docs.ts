// `npm run docs:config` (issue 30): writes docs/configuration.md and .env.example from the environment's
// schemas (apps/server/src/startup/config-reference.ts). apps/server/test/config-docs.test.ts fails when
// the files differ from what this writes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIGURATION_FILES, renderConfigurationMarkdown, renderEnvExample } from '../src/startup/config-reference';

const root = fileURLToPath(new URL('../../..', import.meta.url));
writeFileSync(path.join(root, CONFIGURATION_FILES.markdown), renderConfigurationMarkdown());
writeFileSync(path.join(root, CONFIGURATION_FILES.envExample), renderEnvExample());
console.log(`wrote ${CONFIGURATION_FILES.markdown} and ${CONFIGURATION_FILES.envExample}`);
