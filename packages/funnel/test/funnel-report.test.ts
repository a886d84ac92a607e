/**
 * The funnel computation (issue 16): table-driven on a small branching graph, then properties over random
 * walks of every real flow's graph (each walk follows declared targets and stops anywhere, or submits).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFunnel, median, stepOrder, type FunnelGraph, type SessionWalk } from '../src/analytics/funnel-report';
import { SUBMIT } from '../src/flows/flow-definition';
import { allFlows } from '../src/flows/flow-registry';

/** Start → Injured? yes → Treatment → Contact; no → Contact. Contact submits. */
const GRAPH: FunnelGraph = {
  first: 'Start',
  steps: [
    { id: 'Start', targets: ['Injured'] },
    { id: 'Injured', targets: ['Treatment', 'Contact'] },
    { id: 'Treatment', targets: ['Contact'] },
    { id: 'Contact', targets: [SUBMIT] },
  ],
};

function session(ids: string[], lead: { qualified?: boolean; dq?: string } | null = null, ms = 1000): SessionWalk {
  return {
    steps: ids.map((stepId, i) => ({ stepId, stepNumber: i + 1, msOnStep: ms * (i + 1) })),
    leadPosted: lead !== null,
    qualified: lead?.qualified ?? false,
    dqReason: lead?.dq ?? '',
  };
}

const step = (report: ReturnType<typeof computeFunnel>, id: string) => report.steps.find((s) => s.id === id);

describe('funnel of a branching flow', () => {
  const report = computeFunnel(GRAPH, [
    session(['Start', 'Injured', 'Treatment', 'Contact'], { qualified: true }),
    session(['Start', 'Injured', 'Contact'], { dq: 'physical_injury|no' }),
    session(['Start', 'Injured', 'Contact'], { dq: 'physical_injury|no' }),
    session(['Start', 'Injured', 'Treatment']),
    session(['Start']),
    session([]),
    session(['Start', 'Injured']),
  ]);

  it.each([
    // id, eligible, reached, skipped, completed, dropOff
    ['Start', 7, 7, 0, 6, 1],
    ['Injured', 6, 6, 0, 5, 1],
    // Two sessions went Injured → Contact: skipped, not dropped.
    ['Treatment', 5, 2, 3, 2, 0],
    ['Contact', 5, 4, 1, 3, 1],
  ])(
    '%s: eligible %i, reached %i, skipped %i, completed %i, drop-off %i',
    (id, eligible, reached, skipped, completed, dropOff) => {
      expect(step(report, id)).toMatchObject({ eligible, reached, skipped, completed, dropOff });
    },
  );

  it('counts sessions, leads, qualification and DQ reasons', () => {
    expect(report).toMatchObject({ sessions: 7, leads: 3, qualified: 1, foreignSnapshots: 0 });
    expect(report.completionRate).toBeCloseTo(3 / 7, 12);
    expect(report.qualificationRate).toBeCloseTo(1 / 3, 12);
    expect(report.dqReasons).toEqual([{ reason: 'physical_injury|no', leads: 2 }]);
  });

  it('leaves the exit after a branching step unresolved instead of charging a branch', () => {
    expect(report.unresolvedExits).toEqual([{ after: 'Injured', sessions: 1 }]);
  });

  it('takes the median time of the sessions that answered the step', () => {
    expect(step(report, 'Start')?.medianMs).toBe(1000);
    expect(step(report, 'Treatment')?.medianMs).toBe(3000);
    expect(step(report, 'Contact')?.medianMs).toBe(3000);
  });

  it('orders steps as a visitor meets them', () => {
    expect(stepOrder(GRAPH)).toEqual(['Start', 'Injured', 'Treatment', 'Contact']);
  });

  it('ignores snapshots of steps the flow does not have, and repeats of a step', () => {
    const r = computeFunnel(GRAPH, [
      session(['Start', 'Elsewhere', 'Start', 'Injured', 'Contact'], { qualified: true }),
    ]);
    expect(r.foreignSnapshots).toBe(1);
    expect(step(r, 'Start')).toMatchObject({ completed: 1, dropOff: 0 });
  });
});

describe('median', () => {
  it.each([
    [[], null],
    [[5], 5],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
  ])('%j → %j', (values, expected) => {
    expect(median(values)).toBe(expected);
  });
});

/** A random walk of a graph: follows declared targets by the dice until it submits or stops. */
function walkOf(graph: FunnelGraph, dice: number[], stopAt: number): SessionWalk {
  const ids: string[] = [];
  let current: string | undefined = graph.first;
  let submitted = false;
  for (let i = 0; current !== undefined && i < stopAt; i++) {
    ids.push(current);
    const targets: readonly string[] = graph.steps.find((s) => s.id === current)?.targets ?? [];
    const next: string = targets[(dice[i] ?? 0) % Math.max(1, targets.length)] ?? SUBMIT;
    if (next === SUBMIT) {
      submitted = true;
      current = undefined;
    } else current = ids.includes(next) ? undefined : next;
  }
  return session(ids, submitted ? { qualified: (dice[0] ?? 0) % 2 === 0, dq: 'x|y' } : null);
}

const flows = allFlows();
const arbitrarySessions = fc.tuple(
  fc.integer({ min: 0, max: flows.length - 1 }),
  fc.array(fc.tuple(fc.array(fc.nat(), { minLength: 40, maxLength: 40 }), fc.integer({ min: 0, max: 40 })), {
    maxLength: 30,
  }),
);

describe('funnel properties over every flow', () => {
  it('completed ≤ reached ≤ eligible ≤ sessions at every step', () => {
    fc.assert(
      fc.property(arbitrarySessions, ([f, specs]) => {
        const graph = flows[f] ?? GRAPH;
        const report = computeFunnel(
          graph,
          specs.map(([dice, stop]) => walkOf(graph, dice, stop)),
        );
        for (const s of report.steps) {
          expect(s.completed).toBeLessThanOrEqual(s.reached);
          expect(s.reached).toBeLessThanOrEqual(s.eligible);
          expect(s.eligible).toBeLessThanOrEqual(report.sessions);
          expect(s.skipped + s.reached).toBe(s.eligible);
        }
      }),
    );
  });

  it('every session ends exactly once: a lead, a drop-off at one step, or an unresolved exit', () => {
    fc.assert(
      fc.property(arbitrarySessions, ([f, specs]) => {
        const graph = flows[f] ?? GRAPH;
        const report = computeFunnel(
          graph,
          specs.map(([dice, stop]) => walkOf(graph, dice, stop)),
        );
        const drops = report.steps.reduce((sum, s) => sum + s.dropOff, 0);
        const unresolved = report.unresolvedExits.reduce((sum, u) => sum + u.sessions, 0);
        expect(drops + unresolved + report.leads).toBe(report.sessions);
      }),
    );
  });

  it('a finished walk adds no drop-off anywhere (a skipped branch is not a drop-off)', () => {
    fc.assert(
      fc.property(arbitrarySessions, fc.array(fc.nat(), { minLength: 40, maxLength: 40 }), ([f, specs], dice) => {
        const graph = flows[f] ?? GRAPH;
        const walks = specs.map(([d, stop]) => walkOf(graph, d, stop));
        const finished = walkOf(graph, dice, 40);
        fc.pre(finished.leadPosted);
        const before = computeFunnel(graph, walks).steps.map((s) => s.dropOff);
        const after = computeFunnel(graph, [...walks, finished]).steps.map((s) => s.dropOff);
        expect(after).toEqual(before);
      }),
    );
  });
});
