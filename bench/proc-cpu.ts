/**
 * CPU time used by processes on this machine (Linux /proc, clock ticks of 10 ms), for the benches' per-lead
 * CPU figures: one process (the server under test), and the database servers beside it (PostgreSQL's
 * backends and Redis), whose work a lead also costs.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** User + system CPU time of one process, in ms; NaN when it is gone or unknown. */
export function cpuTimeMs(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** CPU time of every PostgreSQL and Redis process now, by pid (a backend that ended is no longer counted). */
export function databaseCpuMs(): Map<number, number> {
  const times = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let name = '';
    try {
      name = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (name !== 'postgres' && name !== 'redis-server') continue;
    const ms = cpuTimeMs(Number(entry));
    if (Number.isFinite(ms)) times.set(Number(entry), ms);
  }
  return times;
}

/** The database servers' CPU time between two readings (processes started meanwhile count from 0). */
export function databaseCpuSince(before: ReadonlyMap<number, number>): number {
  let total = 0;
  for (const [pid, ms] of databaseCpuMs()) total += ms - (before.get(pid) ?? 0);
  return total;
}
