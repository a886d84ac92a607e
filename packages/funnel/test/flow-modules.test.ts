/**
 * Issue 10: each flow is its own module, flows/by-variant/<id>.ts exporting `flow`, so that a page loads
 * only its own variant. The web app finds a route's flow by that name alone; this holds every flow to it.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allFlows } from '../src/flows/flow-registry';
import { ROUTES } from '../src/routes/route-registry';

const folder = new URL('../src/flows/by-variant/', import.meta.url);

describe('one module per flow, named after its id', () => {
  it.each(allFlows().map((f) => [f.id, f] as const))('by-variant/%s.ts exports the registry flow', async (id, flow) => {
    const module: unknown = await import(new URL(`${id}.ts`, folder).href);
    expect(module).toHaveProperty('flow', flow);
  });

  it('holds no module that is not a registered flow', () => {
    const ids = new Set(allFlows().map((f) => f.id));
    const files = readdirSync(folder).map((name) => name.replace(/\.ts$/, ''));
    expect(files.filter((name) => !ids.has(name))).toEqual([]);
  });

  it('has a module for the variant of every landing route', () => {
    const ids = new Set(allFlows().map((f) => f.id));
    expect(ROUTES.filter((route) => !ids.has(route.variant)).map((r) => r.path)).toEqual([]);
  });
});
