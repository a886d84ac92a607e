import { describe, expect, it } from 'vitest';
import { config } from 'zod';
import { zodWithoutEval } from '../src/app/zod-without-eval';

describe('zodWithoutEval', () => {
  it.each([
    { what: 'no config yet: one made, jitless', scope: {}, after: { __zod_globalConfig: { jitless: true } } },
    {
      what: "zod's config already there: jitless added, the rest kept",
      scope: { __zod_globalConfig: { customError: 'x' } },
      after: { __zod_globalConfig: { customError: 'x', jitless: true } },
    },
  ])('$what', ({ scope, after }) => {
    zodWithoutEval(scope);
    expect(scope).toEqual(after);
  });

  it('is what zod itself reads', () => {
    zodWithoutEval();
    expect(config().jitless).toBe(true);
  });
});
