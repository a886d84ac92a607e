import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFlowsDoc } from '../src/flows/flow-graph';
import { allFlows } from '../src/flows/flow-registry';

describe('docs/flows.md', () => {
  it('is up to date with the flow definitions (run npm run flows when this fails)', () => {
    const onDisk = readFileSync(new URL('../../../docs/flows.md', import.meta.url), 'utf8');
    expect(onDisk).toBe(renderFlowsDoc(allFlows()));
  });
});
