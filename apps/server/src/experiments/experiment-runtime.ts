/**
 * Experiments as the pages and the intake use them (issue 16): which running experiment decides a
 * landing path, the arm a request's cookie proves, and assigning a visitor who has none. The running
 * experiments are read from the database at most every few seconds (every instance sees an operator's
 * change within that time; the instance that saved it at once).
 */
import { experimentCoversPath, pickArm, type ExperimentConfig } from '@app/funnel';
import type { Kysely } from 'kysely';
import { storedSecret } from '../db/lookup-keys';
import type { Database } from '../db/schema';
import {
  cookieFromHeader,
  cookieName,
  cookieValue,
  newVisitorId,
  readCookieValue,
  setCookieHeader,
} from './experiment-cookie';
import { listExperiments, recordAssignment } from './experiment-store';

/** How long an instance serves its copy of the running experiments. */
export const EXPERIMENTS_REFRESH_MS = 5_000;

export interface Assignment {
  experimentId: string;
  arm: string;
  variant: string;
  visitorId: string;
}

export interface Experiments {
  /** The running experiment that decides this path's page, if any. */
  forPath(pathname: string): Promise<ExperimentConfig | undefined>;
  /**
   * The arm the request's cookie proves for the path's experiment; null without a valid one. Issue 29: a
   * visitor who answers (a step snapshot, a lead) is recorded as the arm's visitor here, once.
   */
  assignmentFor(pathname: string, cookieHeader: string | undefined): Promise<Assignment | null>;
  /**
   * The visitor's arm, assigning one (and a Set-Cookie to keep it) when the cookie proves none. Issue 29,
   * finding 11: a page view writes nothing; the signed cookie carries the arm until the visitor answers,
   * so crawlers and bounces neither count as visitors nor grow the table.
   */
  assign(
    pathname: string,
    cookieHeader: string | undefined,
    secure: boolean,
  ): Promise<{ assignment: Assignment; setCookie: string | null } | null>;
  /** The Cookie header pair (name=value) proving an assignment: what the browser sends back (seed:demo). */
  cookieFor(assignment: Pick<Assignment, 'experimentId' | 'visitorId' | 'arm'>): string;
  /** Forget the cached list (after an operator saved an experiment on this instance). */
  refresh(): void;
}

export async function createExperiments(db: Kysely<Database>, now: () => Date): Promise<Experiments> {
  const secret = await storedSecret(db, 'experiment-cookie-secret', now());
  let cached: { at: number; running: ExperimentConfig[] } | null = null;

  async function running(): Promise<ExperimentConfig[]> {
    const at = now().getTime();
    if (cached && at - cached.at < EXPERIMENTS_REFRESH_MS && at >= cached.at) return cached.running;
    const list = (await listExperiments(db)).map((e) => e.config).filter((c) => c.status === 'running');
    cached = { at, running: list };
    return list;
  }

  async function forPath(pathname: string) {
    return (await running()).find((config) => experimentCoversPath(config, pathname));
  }

  function proven(config: ExperimentConfig, cookieHeader: string | undefined): Assignment | null {
    const value = cookieFromHeader(cookieHeader, cookieName(config.id));
    const signed = value === undefined ? null : readCookieValue(secret, config.id, value);
    // Signed for this experiment, and an arm it still has (a stopped arm keeps its visitors).
    const arm = signed && config.arms.find((a) => a.id === signed.arm);
    if (!signed || !arm) return null;
    return { experimentId: config.id, arm: arm.id, variant: arm.variant, visitorId: signed.visitorId };
  }

  return {
    forPath,
    async assignmentFor(pathname, cookieHeader) {
      const config = await forPath(pathname);
      const assignment = config ? proven(config, cookieHeader) : null;
      if (assignment) {
        await recordAssignment(db, {
          experimentId: assignment.experimentId,
          visitorId: assignment.visitorId,
          arm: assignment.arm,
          at: now(),
        });
      }
      return assignment;
    },
    async assign(pathname, cookieHeader, secure) {
      const config = await forPath(pathname);
      if (!config) return null;
      const kept = proven(config, cookieHeader);
      if (kept) return { assignment: kept, setCookie: null };
      const visitorId = newVisitorId();
      const arm = pickArm(config, visitorId);
      if (!arm) return null;
      const value = cookieValue(secret, config.id, { visitorId, arm: arm.id });
      return {
        assignment: { experimentId: config.id, arm: arm.id, variant: arm.variant, visitorId },
        setCookie: setCookieHeader(cookieName(config.id), value, secure),
      };
    },
    cookieFor({ experimentId, visitorId, arm }) {
      return `${cookieName(experimentId)}=${cookieValue(secret, experimentId, { visitorId, arm })}`;
    },
    refresh() {
      cached = null;
    },
  };
}
