/**
 * §7 get-mappings from the page (issue 27): asked once the survey is live, while the visitor answers, so the
 * submit finds the answer there (it never holds a step); read at the submit to fill the lp_* ids the ad URL
 * did not carry. A failed call leaves them as they were (§8): the server fills them itself from its mappings.
 */
import {
  mappingKeyOf,
  MappingsAnswerSchema,
  type MappedTracking,
  type MappingsBodySchema,
  type Tracking,
} from '@app/funnel';
import type { z } from 'zod';
import { apiCall } from '../../../api/api-client';

const TIMEOUT_MS = 5000;

let asked: { key: string; answer: Promise<MappedTracking | null> } | undefined;

/** The mapping of the visit's affid and oid (asked once), or null when there is none to ask or it failed. */
export function leadMapping(tracking: Tracking): Promise<MappedTracking | null> {
  const pair = mappingKeyOf(tracking);
  if (pair === null) return Promise.resolve(null);
  const key = `${pair.affid}/${pair.oid}`;
  if (asked?.key !== key) {
    const body = { affid: Number(pair.affid), oid: Number(pair.oid) } satisfies z.input<typeof MappingsBodySchema>;
    const answer = apiCall({
      path: '/inbound/get-mappings',
      body,
      answer: MappingsAnswerSchema,
      timeoutMs: TIMEOUT_MS,
    }).then((result) => (result.ok ? result.data : null));
    asked = { key, answer };
  }
  return asked.answer;
}
