/**
 * The funnel of one variant (issue 16), computed from the step snapshots the survey posts (§7 save-data,
 * api/progress-snapshot.ts) and the leads stored, against the variant's flow graph, so that a step a
 * visitor's branch never shows is not counted as a drop-off there (docs/decisions/0021-experiments-and-funnel-statistics.md,
 * "Funnel"). Per step:
 *
 * - eligible: sessions that could reach the step: every started session for the first step; for another,
 *   those that answered a step leading to it (one of its predecessors in the graph);
 * - reached: sessions that were shown it: answered it, or stopped on it (the step the only way on from the
 *   last one they answered);
 * - skipped: eligible but not reached: the branch they took went elsewhere (never a drop-off);
 * - completed: sessions that answered it; drop-off: reached but not completed.
 *
 * A session that answered a branching step and then left without another snapshot stopped on one of the
 * branches, which one is unknown: it is counted as an unresolved exit after that step, not as a drop-off
 * of either branch. So is a session that answered the last step but whose lead never arrived.
 */
import { SUBMIT } from '../flows/flow-definition';

/** The graph the computation needs: a flow definition is one. */
export interface FunnelGraph {
  first: string;
  steps: readonly { id: string; targets: readonly string[] }[];
}

export interface StepVisit {
  stepId: string;
  /** Position in the visitor's walk (1 for the first step answered). */
  stepNumber: number;
  msOnStep: number;
}

export interface SessionWalk {
  steps: readonly StepVisit[];
  /** A lead from this session is stored. */
  leadPosted: boolean;
  /** Its verdict: qualified, and the disqualification reason ('' when qualified or no lead). */
  qualified: boolean;
  dqReason: string;
}

export interface StepFunnel {
  id: string;
  eligible: number;
  reached: number;
  skipped: number;
  completed: number;
  dropOff: number;
  /** reached / eligible; 0 when no session could reach it. */
  reachRate: number;
  /** dropOff / reached; 0 when none reached it. */
  dropOffRate: number;
  /** Median time on the step of the sessions that answered it, in ms; null when none did. */
  medianMs: number | null;
}

export interface FunnelReport {
  sessions: number;
  leads: number;
  qualified: number;
  /** leads / sessions. */
  completionRate: number;
  /** qualified / leads. */
  qualificationRate: number;
  steps: StepFunnel[];
  /** Sessions that left after a branching step (or after the last step, lead never stored), by that step. */
  unresolvedExits: { after: string; sessions: number }[];
  /** Snapshots naming a step the flow does not have (another variant's, or an older flow's): ignored. */
  foreignSnapshots: number;
  dqReasons: { reason: string; leads: number }[];
}

/** Median of numbers (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const hi = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? hi : ((sorted[mid - 1] ?? hi) + hi) / 2;
}

const ratio = (num: number, den: number) => (den > 0 ? num / den : 0);

/** The steps in the order a visitor meets them: breadth-first from the first step, then any unreachable. */
export function stepOrder(graph: FunnelGraph): string[] {
  const ids = new Set(graph.steps.map((s) => s.id));
  const order: string[] = [];
  const queue = ids.has(graph.first) ? [graph.first] : [];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const id = queue.shift() ?? '';
    order.push(id);
    for (const target of graph.steps.find((s) => s.id === id)?.targets ?? []) {
      if (target !== SUBMIT && ids.has(target) && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  for (const s of graph.steps) if (!seen.has(s.id)) order.push(s.id);
  return order;
}

export function computeFunnel(graph: FunnelGraph, sessions: readonly SessionWalk[]): FunnelReport {
  const byId = new Map(graph.steps.map((s) => [s.id, s]));
  const counts = new Map<string, { eligible: number; reached: number; completed: number; ms: number[] }>(
    graph.steps.map((s) => [s.id, { eligible: 0, reached: 0, completed: 0, ms: [] }]),
  );
  const unresolved = new Map<string, number>();
  const dq = new Map<string, number>();
  let foreign = 0;
  let leads = 0;
  let qualified = 0;

  for (const session of sessions) {
    if (session.leadPosted) {
      leads++;
      if (session.qualified) qualified++;
      else if (session.dqReason !== '') dq.set(session.dqReason, (dq.get(session.dqReason) ?? 0) + 1);
    }
    const walk = [...session.steps].sort((a, b) => a.stepNumber - b.stepNumber);
    const answered = new Map<string, number>();
    for (const visit of walk) {
      if (!byId.has(visit.stepId)) foreign++;
      else if (!answered.has(visit.stepId)) answered.set(visit.stepId, visit.msOnStep);
    }
    // A session that sent a lead without a snapshot of the first step (lost) did not stop there.
    const reached = new Set<string>(session.leadPosted ? answered.keys() : [graph.first, ...answered.keys()]);
    const last = [...answered.keys()].at(-1);
    if (!session.leadPosted && last !== undefined) {
      const targets = byId.get(last)?.targets ?? [];
      const onward = targets.filter((t) => t !== SUBMIT && byId.has(t));
      const only = onward[0];
      if (onward.length === 1 && !targets.includes(SUBMIT) && only !== undefined) reached.add(only);
      else unresolved.set(last, (unresolved.get(last) ?? 0) + 1);
    }
    const eligible = new Set<string>(reached);
    for (const id of answered.keys()) {
      for (const target of byId.get(id)?.targets ?? []) if (byId.has(target)) eligible.add(target);
    }
    for (const [id, c] of counts) {
      if (eligible.has(id)) c.eligible++;
      if (reached.has(id)) c.reached++;
      const ms = answered.get(id);
      if (ms !== undefined) {
        c.completed++;
        c.ms.push(ms);
      }
    }
  }

  const steps = stepOrder(graph).map((id): StepFunnel => {
    const c = counts.get(id) ?? { eligible: 0, reached: 0, completed: 0, ms: [] };
    const dropOff = c.reached - c.completed;
    return {
      id,
      eligible: c.eligible,
      reached: c.reached,
      skipped: c.eligible - c.reached,
      completed: c.completed,
      dropOff,
      reachRate: ratio(c.reached, c.eligible),
      dropOffRate: ratio(dropOff, c.reached),
      medianMs: median(c.ms),
    };
  });
  return {
    sessions: sessions.length,
    leads,
    qualified,
    completionRate: ratio(leads, sessions.length),
    qualificationRate: ratio(qualified, leads),
    steps,
    unresolvedExits: [...unresolved].map(([after, n]) => ({ after, sessions: n })),
    foreignSnapshots: foreign,
    dqReasons: [...dq]
      .map(([reason, n]) => ({ reason, leads: n }))
      .sort((a, b) => b.leads - a.leads || a.reason.localeCompare(b.reason)),
  };
}
