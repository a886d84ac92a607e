import { describe, expect, it } from 'vitest';
import { ProgressSnapshotListSchema } from '../src/api/progress-snapshot';

const snapshot = {
  step_id: 'WhenWasTheAccident',
  step_number: 2,
  ms_on_step: 4200,
  landing_page_url: 'https://example.com/survey?affid=12',
  progress_tracking: [
    { number: 1, id: 'StartPath', name: 'StartPath', label: 'Start', completed: true, active: false },
  ],
  time_on_steps: 'StartPath:3|WhenWasTheAccident:4',
  answers: { accident_type: 'Car Accident' },
};

describe('the save-data pending list (§3 progress tracking list, §7 save-data)', () => {
  it('reads a list of step snapshots', () => {
    const list = ProgressSnapshotListSchema.parse([snapshot]);
    expect(list[0]?.step_id).toBe('WhenWasTheAccident');
  });

  it.each([
    ['an empty list', []],
    ['a snapshot without its step', [{ ...snapshot, step_id: '' }]],
    ['a negative time', [{ ...snapshot, ms_on_step: -1 }]],
    ['a step number 0', [{ ...snapshot, step_number: 0 }]],
    [
      'a tracking entry without completed',
      [{ ...snapshot, progress_tracking: [{ number: 1, id: 'A', name: 'A', label: 'A', active: true }] }],
    ],
  ])('refuses %s', (_name, value) => {
    expect(ProgressSnapshotListSchema.safeParse(value).success).toBe(false);
  });
});
