/**
 * A fake Slack incoming webhook (https://api.slack.com/messaging/webhooks): POST JSON {text} to
 * /services/… → 200 "ok"; a body without text → 400 invalid_payload; other paths → 404 no_service.
 */
import type { FakeAnswer, FakeRequest } from './fake-vendor-server';

export const SLACK_TEST_PATH = '/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX';

export interface FakeSlackState {
  received: string[];
  override?: FakeAnswer;
}

export function fakeSlack(state: FakeSlackState): (request: FakeRequest) => FakeAnswer {
  return (request) => {
    if (state.override) return state.override;
    if (request.method !== 'POST' || request.pathname !== SLACK_TEST_PATH) return { status: 404, text: 'no_service' };
    let payload: unknown;
    try {
      payload = JSON.parse(request.body);
    } catch {
      return { status: 400, text: 'invalid_payload' };
    }
    if (typeof payload !== 'object' || payload === null || !('text' in payload) || typeof payload.text !== 'string') {
      return { status: 400, text: 'invalid_payload' };
    }
    state.received.push(payload.text);
    return { status: 200, text: 'ok' };
  };
}
