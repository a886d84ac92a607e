/**
 * The survey's progress snapshots (spec §3, §7 save-data; issue 13): after each step the page posts its
 * pending list of step snapshots with its session id to POST /api/save-data. The list is kept in
 * sessionStorage until the server answers success, then the snapshots it carried are cleared (§7); a
 * failed post leaves them there to be tried again a little later, or with the next step (§8: a failure
 * never stops the visitor: nothing here is awaited by the survey). Its own chunk, loaded after the first
 * answer (app/lazy-modules.ts), so the survey's first chunk does not grow.
 */
import {
  SaveDataResponseSchema,
  StepSnapshotSchema,
  stepSnapshot,
  type SaveDataBodySchema,
  type StepLeft,
  type StepSnapshotInput,
} from '@app/funnel';
import type { z } from 'zod';
import { apiCall } from '../../api/api-client';
import { PENDING_PROGRESS_KEY } from './pending-key';

/** The schema's list limit per call (api/progress-snapshot.ts). */
const PER_CALL = 100;
/** Kept at most per session: far more steps than any walk has; the oldest go first past it. */
const KEPT = 300;
/** Waits before trying a failed post again (then every minute while the page is open). */
export const RETRY_DELAYS_MS = [2000, 5000, 15_000, 30_000, 60_000] as const;

type Pending = Record<string, StepSnapshotInput[]>;

function read(storage: Storage): Pending {
  try {
    const text = storage.getItem(PENDING_PROGRESS_KEY);
    const value: unknown = text === null ? {} : JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const pending: Pending = {};
    for (const [session, list] of Object.entries(value)) {
      // Kept as written; an entry this page could not have written is dropped, not sent.
      if (Array.isArray(list)) pending[session] = list.filter(isSnapshot);
    }
    return pending;
  } catch {
    return {};
  }
}

function isSnapshot(entry: unknown): entry is StepSnapshotInput {
  return StepSnapshotSchema.safeParse(entry).success;
}

function write(storage: Storage, pending: Pending): void {
  try {
    const sessions = Object.keys(pending).filter((s) => (pending[s] ?? []).length > 0);
    if (sessions.length === 0) storage.removeItem(PENDING_PROGRESS_KEY);
    else
      storage.setItem(PENDING_PROGRESS_KEY, JSON.stringify(Object.fromEntries(sessions.map((s) => [s, pending[s]]))));
  } catch {
    // Storage full or off: the snapshots of this page are still posted, just not kept across a reload.
  }
}

export interface ProgressOutbox {
  /** Adds the snapshot of a step just left and posts the pending list. */
  stepLeft: (session: string, left: StepLeft) => void;
  /** Posts what is pending (a reload, a retry); resolves once every session's post has settled. */
  flush: () => Promise<void>;
}

export interface ProgressOutboxOptions {
  storage?: Storage;
  fetchImpl?: typeof fetch;
  retryDelaysMs?: readonly number[];
}

export function createProgressOutbox(options: ProgressOutboxOptions = {}): ProgressOutbox {
  const storage = options.storage ?? window.sessionStorage;
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  // Snapshots not yet stored when storage is unavailable: kept in memory for this page.
  let memory: Pending = {};
  let inFlight: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const load = (): Pending => {
    const stored = read(storage);
    for (const [session, list] of Object.entries(memory)) {
      const known = stored[session] ?? [];
      stored[session] = [...known, ...list.filter((s) => !known.some((k) => sameSnapshot(k, s)))];
    }
    return stored;
  };
  const save = (pending: Pending) => {
    memory = pending;
    write(storage, pending);
  };

  const postSession = async (session: string, list: StepSnapshotInput[]): Promise<boolean> => {
    const sent = list.slice(0, PER_CALL);
    const body = { session, data: sent } satisfies z.input<typeof SaveDataBodySchema>;
    const result = await apiCall({
      path: '/api/save-data',
      body,
      answer: SaveDataResponseSchema,
      attempts: 1,
      keepalive: true,
      fetchImpl: options.fetchImpl,
    });
    // A list the server refuses as invalid will never be taken: dropped rather than tried forever.
    const refused = !result.ok && result.code === 'invalid_body';
    if (!refused && (!result.ok || !result.data.userBackupStatus)) return false;
    // §7 "on success the pending list is cleared": the snapshots this call carried, not ones added since.
    const now = load();
    now[session] = (now[session] ?? []).filter((s) => !sent.some((posted) => sameSnapshot(posted, s)));
    save(now);
    return true;
  };

  const run = async (): Promise<void> => {
    const pending = load();
    let ok = true;
    for (const [session, list] of Object.entries(pending)) {
      if (list.length > 0 && !(await postSession(session, list))) ok = false;
    }
    const left = Object.values(load()).some((list) => list.length > 0);
    if (ok) failures = 0;
    else failures++;
    clearTimeout(timer);
    if (!ok) timer = setTimeout(() => void flush(), delays[Math.min(failures, delays.length) - 1]);
    else if (left) again = true;
  };

  const flush = (): Promise<void> => {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = run().finally(() => {
      inFlight = null;
      if (again) {
        again = false;
        void flush();
      }
    });
    return inFlight;
  };

  return {
    stepLeft(session, left) {
      const pending = load();
      pending[session] = [...(pending[session] ?? []), stepSnapshot(left)].slice(-KEPT);
      save(pending);
      void flush();
    },
    flush,
  };
}

/** A snapshot's identity: its session's walk position and step (the list never holds two of one). */
function sameSnapshot(a: StepSnapshotInput, b: StepSnapshotInput): boolean {
  return a.step_number === b.step_number && a.step_id === b.step_id && a.time_on_steps === b.time_on_steps;
}

let shared: ProgressOutbox | undefined;

/** The page's one outbox. */
export function progressOutbox(): ProgressOutbox {
  shared ??= createProgressOutbox();
  return shared;
}
