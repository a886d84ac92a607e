/**
 * §3 "pre-populate flag, lp_s2 (google or facebook)", §7 GET /check-affid-pre/{affid}/{percentage}, §9
 * "lp_s2 is google 75%, facebook 25%. Pre-population always on at percentage 100" (issue 13). lp_s2 is
 * drawn once per visitor and kept in this browser (sticky); pre-population is asked of the server only
 * below 100%, and a failed call leaves it off (§8: ignored).
 */
import { chooseLpS2, PrePopulationResponseSchema, type LpS2 } from '@app/funnel';
import { apiCall } from '../../../api/api-client';

const LP_S2_KEY = 'funnel:lp_s2';

export function stickyLpS2(storage: Storage | undefined = globalThis.localStorage): LpS2 {
  try {
    const kept = storage?.getItem(LP_S2_KEY);
    if (kept === 'google' || kept === 'facebook') return kept;
    const [random = 0] = crypto.getRandomValues(new Uint32Array(1));
    const drawn = chooseLpS2(random / 2 ** 32);
    storage?.setItem(LP_S2_KEY, drawn);
    return drawn;
  } catch {
    return chooseLpS2(Math.random());
  }
}

export async function prePopulation(affid: string, percentage: number): Promise<'yes' | 'no'> {
  if (percentage >= 100) return 'yes';
  if (!/^\d{1,12}$/.test(affid)) return 'no';
  const result = await apiCall({
    path: `/check-affid-pre/${affid}/${percentage}`,
    answer: PrePopulationResponseSchema,
    timeoutMs: 3000,
  });
  return result.ok ? result.data.result : 'no';
}
