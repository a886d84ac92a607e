/**
 * A fake Zippopotam.us (https://www.zippopotam.us/): GET /us/{zip} answers the place JSON, or 404 with an
 * empty object for a zip it does not know, as the real service does.
 */
import type { FakeAnswer, FakeRequest } from './fake-vendor-server';

export interface FakeZippopotamState {
  /** zip → [place name, state, state abbreviation] of each place. */
  zips: Record<string, [string, string, string][]>;
  override?: FakeAnswer;
}

export function fakeZippopotam(state: FakeZippopotamState): (request: FakeRequest) => FakeAnswer {
  return (request) => {
    if (state.override) return state.override;
    const match = /^\/us\/(\d{5})$/.exec(request.pathname);
    const places = match?.[1] === undefined ? undefined : state.zips[match[1]];
    if (!match || !places) return { status: 404, json: {} };
    return {
      status: 200,
      json: {
        'post code': match[1],
        country: 'United States',
        'country abbreviation': 'US',
        places: places.map(([name, stateName, abbreviation]) => ({
          'place name': name,
          longitude: '-118.4065',
          state: stateName,
          'state abbreviation': abbreviation,
          latitude: '34.0901',
        })),
      },
    };
  };
}
