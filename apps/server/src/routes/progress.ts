/**
 * POST /api/save-data (spec §7): a progress snapshot per session. §8: a failed save answers both
 * statuses false (and the browser keeps its pending list to try again).
 *
 * Issue 16: every call is kept as it came (db/progress-store.ts); when its `data` reads as the survey's
 * pending list of step snapshots (api/progress-snapshot.ts), each step is also stored as a row of its
 * session (db/step-snapshot-store.ts), with the variant the server reads off the landing path (or the
 * experiment arm the visitor's signed cookie proves), the Host's brand and the path's language.
 */
import {
  brandIdentityForHost,
  flowById,
  pageEndVerdict,
  ProgressSnapshotListSchema,
  resolveRoute,
  SaveDataBodySchema,
  type StepSnapshot,
  visitorDateOf,
} from '@app/funnel';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { saveProgress } from '../db/progress-store';
import { saveStepSnapshots, type SnapshotReading } from '../db/step-snapshot-store';
import { DEPENDENCY_RETRY_AFTER_SECONDS } from '../http/dependency-unavailable';
import { parseBody } from '../http/parse-body';
import { PROGRESS_RATE_LIMIT } from '../http/rate-limit';
import type { Services } from '../services';

function pathOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).pathname : null;
}

/** The server's reading of one snapshot: never the page's word for variant, brand or arm. */
async function readingOf(
  services: Services,
  request: FastifyRequest,
  snapshot: StepSnapshot,
): Promise<SnapshotReading> {
  const path = pathOf(snapshot.landing_page_url);
  const route = path === null ? undefined : resolveRoute(path);
  const assignment = path === null ? null : await services.experiments.assignmentFor(path, request.headers.cookie);
  return {
    variant: assignment?.variant ?? route?.variant ?? 'unknown',
    brand: brandIdentityForHost(request.host).id,
    language: route?.language ?? 'en',
    landingPath: route?.path ?? (path ?? '').slice(0, 200),
    experimentId: assignment?.experimentId ?? '',
    arm: assignment?.arm ?? '',
  };
}

export function registerProgress(app: FastifyInstance, services: Services): void {
  app.post('/api/save-data', { config: { rateLimit: PROGRESS_RATE_LIMIT } }, async (request, reply) => {
    const body = parseBody(SaveDataBodySchema, request.body, reply);
    if (!body) return reply;
    const steps = ProgressSnapshotListSchema.safeParse(body.data);
    try {
      const receivedAt = services.now();
      const snapshots = steps.success
        ? await Promise.all(
            steps.data.map(async (snapshot) => ({ snapshot, reading: await readingOf(services, request, snapshot) })),
          )
        : [];
      // Issue 28: a flow that ends on the page without a lead (eligibility) has its verdict read here.
      const verdict = snapshots
        .map(({ snapshot, reading }) => {
          const flow = flowById(reading.variant);
          return flow ? pageEndVerdict(flow, snapshot, visitorDateOf(receivedAt, undefined)) : null;
        })
        .find((found) => found !== null);
      await services.db.transaction().execute(async (trx) => {
        const data = { entries: body.data, ...(verdict ? { verdict } : {}) };
        await saveProgress(trx, { session: body.session, data, receivedAt });
        await saveStepSnapshots(trx, { session: body.session, snapshots, receivedAt });
      });
      return reply.send({ userBackupStatus: true, userProgressionStatus: true });
    } catch (error) {
      request.log.error({ err: error instanceof Error ? error.message : String(error) }, 'progress save failed');
      // §7's own answer shape, with the Retry-After every dependency failure carries (issue 31).
      return reply
        .code(503)
        .header('retry-after', String(DEPENDENCY_RETRY_AFTER_SECONDS))
        .send({ userBackupStatus: false, userProgressionStatus: false });
    }
  });
}
