/**
 * Issue 31: whether each dependency this instance needs is up, and since when. Fed by what the instance
 * sees (a request's error, a failed or good commit, Redis's connection events, the pool's errors) and by a
 * probe every DEPENDENCY_PROBE_MS (a bounded `select 1`, a Redis PING). Every change of state is one
 * structured log line (`dependency down` at error level, `dependency up` at info, with the dependency, the
 * reason and how long it was down) and two metrics, for the operator's alerts:
 * - funnel_dependency_up{dependency="postgres|sqlite|redis"}: 1 up, 0 down;
 * - funnel_dependency_since_timestamp_seconds{dependency=…}: when it entered that state (Unix seconds).
 * GET /readyz fails while one is down (health/health-routes.ts).
 */
import { Gauge, type Registry } from 'prom-client';
import type { Dependency } from './dependency-errors';

export interface DependencyLog {
  info: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
}

export interface DependencyStatus {
  dependency: Dependency;
  up: boolean;
  since: Date;
  /** Why it is down (the last error's message), '' when up. */
  reason: string;
}

export interface DependencyState {
  /** The instance saw the dependency work (true) or fail (false). */
  report(dependency: Dependency, up: boolean, reason?: string): void;
  isUp(dependency: Dependency): boolean;
  statuses(): DependencyStatus[];
}

export function createDependencyState(options: {
  dependencies: readonly Dependency[];
  registry: Registry;
  log: DependencyLog;
  now: () => Date;
}): DependencyState {
  const { log, now } = options;
  const states = new Map<Dependency, DependencyStatus>(
    options.dependencies.map((dependency) => [dependency, { dependency, up: true, since: now(), reason: '' }]),
  );
  const upGauge = new Gauge({
    name: 'funnel_dependency_up',
    help: 'Whether a dependency this instance needs answers (1) or is out, frozen or too slow (0)',
    labelNames: ['dependency'] as const,
    registers: [options.registry],
  });
  const sinceGauge = new Gauge({
    name: 'funnel_dependency_since_timestamp_seconds',
    help: 'When the dependency entered its current state (up or down), Unix seconds',
    labelNames: ['dependency'] as const,
    registers: [options.registry],
  });
  const publish = (status: DependencyStatus) => {
    upGauge.set({ dependency: status.dependency }, status.up ? 1 : 0);
    sinceGauge.set({ dependency: status.dependency }, Math.floor(status.since.getTime() / 1000));
  };
  for (const status of states.values()) publish(status);

  return {
    report(dependency, up, reason = '') {
      const current = states.get(dependency);
      if (!current || current.up === up) return;
      const at = now();
      const next = { dependency, up, since: at, reason: up ? '' : reason };
      states.set(dependency, next);
      publish(next);
      if (up) {
        log.info({ dependency, up, downForMs: at.getTime() - current.since.getTime() }, 'dependency up');
      } else {
        log.error({ dependency, up, reason }, 'dependency down');
      }
    },
    isUp: (dependency) => states.get(dependency)?.up ?? true,
    statuses: () => [...states.values()],
  };
}
