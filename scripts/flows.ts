// `npm run flows`: prints each variant's graph and writes docs/flows.md (Mermaid), both generated
// from the flow definitions. packages/funnel/test/flows-doc.test.ts fails when the file is stale.
import { writeFileSync } from 'node:fs';
import { allFlows, flowToText, renderFlowsDoc } from '@app/funnel';

for (const flow of allFlows()) console.log(`${flowToText(flow)}\n`);
const target = new URL('../docs/flows.md', import.meta.url);
writeFileSync(target, renderFlowsDoc(allFlows()));
console.log(`wrote ${target.pathname}`);
