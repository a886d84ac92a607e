import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StepSnapshotSchema } from '../src/api/progress-snapshot';
import { SNAPSHOT_PRIVATE_FIELDS, snapshotAnswers, stepSnapshot, type StepLeft } from '../src/tracking/step-snapshot';

const base: StepLeft = {
  path: ['StartPath', 'WhenWasTheAccident'],
  done: false,
  stepId: 'StartPath',
  msOnStep: 2400.6,
  landingUrl: 'https://example.com/survey?sub1=a',
  leadId: '0b9f1c1e-7a33-4a55-9a57-5d1d2e4c7b11',
  stepTimes: [{ step: 'StartPath', ms: 2400.6 }],
  answers: { accident_type: 'car' },
  labelOf: (id) => (id === 'StartPath' ? 'Were you in an accident?' : undefined),
};

describe('a step snapshot (§3 progress tracking list, §4 "marks a step active, then completed and inactive")', () => {
  it('marks the walked steps completed and the shown one active', () => {
    expect(stepSnapshot(base).progress_tracking).toEqual([
      {
        number: 1,
        id: 'StartPath',
        name: 'StartPath',
        label: 'Were you in an accident?',
        completed: true,
        active: false,
      },
      {
        number: 2,
        id: 'WhenWasTheAccident',
        name: 'WhenWasTheAccident',
        label: 'WhenWasTheAccident',
        completed: false,
        active: true,
      },
    ]);
  });

  it('once the survey is done, every step is completed and none active', () => {
    const done = stepSnapshot({ ...base, done: true, stepId: 'WhenWasTheAccident' });
    expect(done.progress_tracking.every((e) => e.completed && !e.active)).toBe(true);
  });

  it('carries §3 time_on_steps, the time on the step in whole ms and the walk position', () => {
    const snapshot = stepSnapshot(base);
    expect([snapshot.time_on_steps, snapshot.ms_on_step, snapshot.step_number]).toEqual(['StartPath:2', 2401, 1]);
  });

  it.each([...SNAPSHOT_PRIVATE_FIELDS])('never carries %s', (field) => {
    expect(snapshotAnswers({ accident_type: 'car', [field]: 'private' })).toEqual({
      accident_type: 'car',
    });
  });

  it('always reads as the shared save-data contract', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z]{1,30}$/), { minLength: 1, maxLength: 120 }),
        fc.boolean(),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.string({ maxLength: 300 }),
        (path, done, ms, label) => {
          const left: StepLeft = {
            ...base,
            path,
            done,
            stepId: path[0] ?? 'x',
            msOnStep: ms,
            stepTimes: path.map((step) => ({ step, ms })),
            labelOf: () => label,
          };
          expect(StepSnapshotSchema.safeParse(stepSnapshot(left)).success).toBe(true);
        },
      ),
    );
  });
});
