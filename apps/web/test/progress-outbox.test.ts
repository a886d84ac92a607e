import type { StepLeft } from '@app/funnel';
import { afterEach, describe, expect, it } from 'vitest';
import { PENDING_PROGRESS_KEY } from '../src/survey/progress/pending-key';
import { createProgressOutbox } from '../src/survey/progress/progress-outbox';
import { json, localServer, MemoryStorage, type LocalServer } from './local-http';

function stepLeft(stepId: string, n: number): StepLeft {
  const path = ['StartPath', 'WhenWasTheAccident', 'AtFault'].slice(0, n + 1);
  return {
    path,
    done: false,
    stepId,
    msOnStep: 1500,
    landingUrl: 'http://localhost/survey?affid=12',
    leadId: '0b9f1c1e-7a33-4a55-9a57-5d1d2e4c7b11',
    stepTimes: path.slice(0, n).map((step) => ({ step, ms: 1500 })),
    answers: { accident_type: 'car', email: 'a@b.co' },
    labelOf: (id) => `Title of ${id}`,
  };
}

function pause(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('progress snapshots (§7 save-data: pending list kept, retried, cleared on success; §8)', () => {
  it('posts the pending list with the session id, then clears what the server took', async () => {
    const bodies: unknown[] = [];
    server = await localServer((_req, body, res) => {
      bodies.push(JSON.parse(body));
      json(res, 200, { userBackupStatus: true, userProgressionStatus: true });
    });
    const storage = new MemoryStorage();
    const outbox = createProgressOutbox({ storage, fetchImpl: server.fetch });
    outbox.stepLeft('s-1', stepLeft('StartPath', 1));
    await outbox.flush();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      session: 's-1',
      data: [
        {
          step_id: 'StartPath',
          step_number: 1,
          ms_on_step: 1500,
          progress_tracking: [
            {
              number: 1,
              id: 'StartPath',
              name: 'StartPath',
              label: 'Title of StartPath',
              completed: true,
              active: false,
            },
            { number: 2, id: 'WhenWasTheAccident', completed: false, active: true },
          ],
          time_on_steps: 'StartPath:2',
          // No contact field travels in a snapshot.
          answers: { accident_type: 'car' },
        },
      ],
    });
    expect(storage.getItem(PENDING_PROGRESS_KEY)).toBeNull();
  });

  it('keeps the list when the save fails and posts it, grown, once the server is back', async () => {
    let failing = true;
    const bodies: { data: { step_id: string }[] }[] = [];
    server = await localServer((_req, body, res) => {
      if (failing) return json(res, 503, { userBackupStatus: false, userProgressionStatus: false });
      bodies.push(JSON.parse(body));
      json(res, 200, { userBackupStatus: true, userProgressionStatus: true });
    });
    const storage = new MemoryStorage();
    const outbox = createProgressOutbox({ storage, fetchImpl: server.fetch, retryDelaysMs: [60_000] });
    outbox.stepLeft('s-2', stepLeft('StartPath', 1));
    await outbox.flush();
    expect(bodies).toHaveLength(0);
    expect(JSON.parse(storage.getItem(PENDING_PROGRESS_KEY) ?? '{}')['s-2']).toHaveLength(1);
    failing = false;
    outbox.stepLeft('s-2', stepLeft('WhenWasTheAccident', 2));
    await outbox.flush();
    await pause(50);
    expect(bodies.flatMap((b) => b.data.map((s) => s.step_id))).toEqual(['StartPath', 'WhenWasTheAccident']);
    expect(storage.getItem(PENDING_PROGRESS_KEY)).toBeNull();
  });

  it('tries a failed save again by itself after its delay', async () => {
    let calls = 0;
    server = await localServer((_req, _body, res) =>
      ++calls === 1
        ? json(res, 200, { userBackupStatus: false, userProgressionStatus: false })
        : json(res, 200, { userBackupStatus: true, userProgressionStatus: true }),
    );
    const storage = new MemoryStorage();
    const outbox = createProgressOutbox({ storage, fetchImpl: server.fetch, retryDelaysMs: [100] });
    outbox.stepLeft('s-3', stepLeft('StartPath', 1));
    await outbox.flush();
    expect(storage.getItem(PENDING_PROGRESS_KEY)).not.toBeNull();
    await pause(400);
    expect(calls).toBe(2);
    expect(storage.getItem(PENDING_PROGRESS_KEY)).toBeNull();
  });

  it('posts what an earlier page of the tab left pending', async () => {
    const sessions: string[] = [];
    server = await localServer((_req, body, res) => {
      sessions.push(JSON.parse(body).session);
      json(res, 200, { userBackupStatus: true, userProgressionStatus: true });
    });
    const storage = new MemoryStorage();
    const first = createProgressOutbox({
      storage,
      fetchImpl: () => Promise.reject(new Error('offline')),
      retryDelaysMs: [60_000],
    });
    first.stepLeft('s-4', stepLeft('StartPath', 1));
    await first.flush();
    const second = createProgressOutbox({ storage, fetchImpl: server.fetch });
    await second.flush();
    expect(sessions).toEqual(['s-4']);
    expect(storage.getItem(PENDING_PROGRESS_KEY)).toBeNull();
  });
});
