/**
 * The development fake buyers, never mounted in production (NODE_ENV=production), where a buyer URL on
 * this server is refused at start. The sample buyers (config/sample-buyers.json) post to them, so
 * `npm start` delivers, and runs auctions (issue 32), with no outside service:
 * - POST /dev/fake-buyer/{firm}: a direct post or a JSON ping-post buyer's post (delivery/fake-buyer.ts),
 *   JSON or form-encoded; `?refuse=0.1` refuses that share of posts;
 * - POST /dev/fake-buyer/json-ping/{firm}: a generic JSON ping;
 * - POST /dev/fake-buyer/leadprosper/{firm}/ping and …/post: Lead Prosper's ping and post (lp_ping_id);
 * - POST /dev/fake-buyer/boberdoo/{firm}: boberdoo's pingPostLead, Mode=ping, post or full, XML answers.
 * A ping's behaviour (price, latency, declines) is set by its URL's query (delivery/fake-ping-buyer.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createFakeBuyer, type FakeBuyerAnswer } from '../delivery/fake-buyer';
import {
  boberdooXml,
  createFakeBids,
  decidePing,
  fakePingProfile,
  pingAnswer,
  pingTraits,
  type FakeAnswerText,
  type FakePingKind,
} from '../delivery/fake-ping-buyer';

export const FAKE_BUYER_PATH = '/dev/fake-buyer';

type Fields = Record<string, unknown>;
const fieldsOf = (body: unknown): Fields =>
  typeof body === 'object' && body !== null ? Object.fromEntries(Object.entries(body)) : {};
const text = (fields: Fields, name: string): string => (typeof fields[name] === 'string' ? String(fields[name]) : '');

function sendText(reply: FastifyReply, answer: FakeAnswerText): FastifyReply {
  return reply.code(answer.status).type(answer.contentType).send(answer.body);
}

/** The fake buyer's Lead Prosper-style answer to a boberdoo post, in boberdoo's XML. */
function boberdooPostXml(answer: FakeBuyerAnswer): FakeAnswerText {
  const { status, message, lead_id: leadId } = answer.json;
  if (status === 'ACCEPTED') return boberdooXml(`<status>Matched</status><lead_id>${leadId ?? ''}</lead_id>`);
  if (status === 'DUPLICATED') return boberdooXml('<status>Duplicate</status>');
  return boberdooXml(`<status>Error</status><error>${message}</error>`);
}

export async function registerFakeBuyerRoutes(app: FastifyInstance): Promise<void> {
  const buyer = createFakeBuyer();
  const bids = createFakeBids();
  await app.register((scope, _options, registered) => {
    // Fastify parses JSON only; form-encoded buyers get their body read here, in this scope alone.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    const ping = async (kind: FakePingKind, firm: string, query: unknown, body: Fields): Promise<FakeAnswerText> => {
      const decision = decidePing(fakePingProfile(fieldsOf(query)), pingTraits(body), Math.random);
      await sleep(decision.latencyMs);
      return pingAnswer(kind, decision, decision.priceDollars === null ? '' : bids.give(firm));
    };
    const refuses = (query: unknown) => Math.random() < fakePingProfile(fieldsOf(query)).refuseRate;
    const post = (firm: string, key: unknown, body: unknown, refuse: boolean) =>
      buyer.answer(firm, { idempotencyKey: typeof key === 'string' ? key : undefined, body, refuse });

    scope.post<{ Params: { firm: string } }>(`${FAKE_BUYER_PATH}/:firm`, async (request, reply) => {
      const answer = post(
        request.params.firm,
        request.headers['idempotency-key'],
        request.body,
        refuses(request.query),
      );
      return reply.code(answer.status).send(answer.json);
    });

    scope.post<{ Params: { firm: string } }>(`${FAKE_BUYER_PATH}/json-ping/:firm`, async (request, reply) =>
      sendText(reply, await ping('json', request.params.firm, request.query, fieldsOf(request.body))),
    );

    scope.post<{ Params: { firm: string } }>(`${FAKE_BUYER_PATH}/leadprosper/:firm/ping`, async (request, reply) =>
      sendText(reply, await ping('leadprosper', request.params.firm, request.query, fieldsOf(request.body))),
    );
    scope.post<{ Params: { firm: string } }>(`${FAKE_BUYER_PATH}/leadprosper/:firm/post`, async (request, reply) => {
      const { firm } = request.params;
      const fields = fieldsOf(request.body);
      if (!bids.gave(firm, text(fields, 'lp_ping_id'))) {
        return reply.send({ status: 'ERROR', code: 1001, message: 'Unknown or missing lp_ping_id' });
      }
      const answer = post(firm, request.headers['idempotency-key'], fields, refuses(request.query));
      return reply.code(answer.status).send(answer.json);
    });

    scope.post<{ Params: { firm: string } }>(`${FAKE_BUYER_PATH}/boberdoo/:firm`, async (request, reply) => {
      const { firm } = request.params;
      const fields = fieldsOf(request.body);
      const mode = text(fields, 'Mode');
      if (text(fields, 'API_Action') !== 'pingPostLead' || text(fields, 'Key') === '') {
        return sendText(reply, boberdooXml('<status>Error</status><error>Invalid API_Action or Key</error>'));
      }
      if (mode === 'ping') return sendText(reply, await ping('boberdoo', firm, request.query, fields));
      if (mode === 'post' && !bids.gave(firm, text(fields, 'Lead_ID'))) {
        return sendText(reply, boberdooXml('<status>Error</status><error>Unknown Lead_ID</error>'));
      }
      if (mode !== 'post' && mode !== 'full') {
        return sendText(reply, boberdooXml('<status>Error</status><error>Invalid Mode</error>'));
      }
      const contact = { phone: text(fields, 'Primary_Phone'), email: text(fields, 'Email') };
      const answer = post(firm, request.headers['idempotency-key'], contact, refuses(request.query));
      return sendText(reply, boberdooPostXml(answer));
    });
    registered();
  });
}
