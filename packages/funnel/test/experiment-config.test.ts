/** The experiment configuration (issue 16): what it accepts, what it refuses and why, and the arm pick. */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  experimentCoversPath,
  ExperimentConfigSchema,
  ExperimentFileSchema,
  pickArm,
  type ExperimentConfig,
} from '../src/experiments/experiment-config';

const VALID: ExperimentConfig = {
  id: 'survey-v7',
  name: 'Main survey against v7',
  path: '/survey',
  status: 'running',
  arms: [
    { id: 'control', variant: 'extended', weight: 50 },
    { id: 'v7', variant: 'v7', weight: 50 },
  ],
};

function problems(config: unknown): string[] {
  const parsed = ExperimentConfigSchema.safeParse(config);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('experiment configuration', () => {
  it('accepts a landing path with arms of its language and destination', () => {
    expect(problems(VALID)).toEqual([]);
    expect(
      problems({
        ...VALID,
        path: '/survey/es',
        arms: [
          { id: 'a', variant: 'spanish', weight: 1 },
          { id: 'b', variant: 'v4nv-spanish', weight: 3 },
        ],
      }),
    ).toEqual([]);
  });

  it.each([
    [{ path: '/nowhere' }, 'path: /nowhere is not a landing path of the funnel'],
    [{ arms: [{ id: 'a', variant: 'extended', weight: 1 }] }, 'arms: An experiment has at least two arms'],
    [
      {
        arms: [
          { id: 'a', variant: 'extended', weight: 1 },
          { id: 'a', variant: 'v7', weight: 1 },
        ],
      },
      'arms.1.id: Arm a appears twice',
    ],
    [
      {
        arms: [
          { id: 'a', variant: 'extended', weight: 1 },
          { id: 'b', variant: 'nope', weight: 1 },
        ],
      },
      'arms.1.variant: nope is not a variant',
    ],
    [
      {
        arms: [
          { id: 'a', variant: 'extended', weight: 1 },
          { id: 'b', variant: 'spanish', weight: 1 },
        ],
      },
      'arms.1.variant: spanish is not an English survey',
    ],
    [
      {
        arms: [
          { id: 'a', variant: 'extended', weight: 1 },
          { id: 'b', variant: 'ticket', weight: 1 },
        ],
      },
      "arms.1.variant: ticket does not post its leads where extended (the path's variant) does",
    ],
    [
      {
        arms: [
          { id: 'a', variant: 'extended', weight: 0 },
          { id: 'b', variant: 'v7', weight: 0 },
        ],
      },
      'arms: At least one arm needs a weight above 0',
    ],
    [
      {
        arms: [
          { id: 'a', variant: 'extended', weight: 1.5 },
          { id: 'b', variant: 'v7', weight: 1 },
        ],
      },
      'arms.0.weight: A weight is a whole number from 0 to 1000',
    ],
    [
      { id: 'Bad Id' },
      'id: The experiment id is 1–40 lower-case letters, digits or dashes, starting with a letter or digit',
    ],
  ])('refuses %o: %s', (change, message) => {
    expect(problems({ ...VALID, ...change })).toContain(message);
  });

  it('refuses a file naming one experiment twice', () => {
    const parsed = ExperimentFileSchema.safeParse({ experiments: [VALID, VALID] });
    expect(parsed.success).toBe(false);
  });

  it('covers its own route only while running (segments included)', () => {
    expect(experimentCoversPath(VALID, '/Survey/')).toBe(true);
    expect(experimentCoversPath(VALID, '/survey/es')).toBe(false);
    expect(experimentCoversPath({ ...VALID, status: 'stopped' }, '/survey')).toBe(false);
    expect(experimentCoversPath({ path: '/surveyv4nv', status: 'running' }, '/surveyv4nv/anything')).toBe(true);
  });
});

describe('arm pick', () => {
  it('is stable for a visitor and never picks a stopped arm', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        (visitor, w1, w2) => {
          const config = {
            id: 'x',
            arms: [
              { id: 'a', variant: 'extended', weight: w1 },
              { id: 'b', variant: 'v7', weight: w2 },
            ],
          };
          const arm = pickArm(config, visitor);
          expect(pickArm(config, visitor)).toEqual(arm);
          expect(arm?.weight).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('follows the weights over many visitors', () => {
    const config = {
      id: 'x',
      arms: [
        { id: 'a', variant: 'extended', weight: 1 },
        { id: 'b', variant: 'v7', weight: 3 },
      ],
    };
    let b = 0;
    for (let i = 0; i < 20_000; i++) if (pickArm(config, `visitor-${i}`)?.id === 'b') b++;
    // 0.75 ± 4.5 standard errors (sd of the share 0.0031).
    expect(b / 20_000).toBeGreaterThan(0.736);
    expect(b / 20_000).toBeLessThan(0.764);
  });
});

describe('the sample experiments file', () => {
  it('validates (apps/server/config/sample-experiments.json, loaded by seed:demo)', () => {
    const file = new URL('../../../apps/server/config/sample-experiments.json', import.meta.url);
    const parsed = ExperimentFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });
});
