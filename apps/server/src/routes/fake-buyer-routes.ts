/**
 * POST /dev/fake-buyer/{firm}: the development fake buyer (delivery/fake-buyer.ts) that the sample buyers
 * (config/sample-buyers.json) post to, JSON or form-encoded, so `npm start` delivers with no outside
 * service. Never mounted in production (NODE_ENV=production), where a buyer URL on this server is
 * refused at start.
 */
import type { FastifyInstance } from 'fastify';
import { createFakeBuyer } from '../delivery/fake-buyer';

export const FAKE_BUYER_PATH = '/dev/fake-buyer';

export async function registerFakeBuyerRoutes(app: FastifyInstance): Promise<void> {
  const buyer = createFakeBuyer();
  await app.register((scope, _options, registered) => {
    // Fastify parses JSON only; form-encoded buyers get their body read here, in this scope alone.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post<{ Params: { firm: string } }>(`${FAKE_BUYER_PATH}/:firm`, async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const answer = buyer.answer(request.params.firm, {
        idempotencyKey: typeof key === 'string' ? key : undefined,
        body: request.body,
      });
      return reply.code(answer.status).send(answer.json);
    });
    registered();
  });
}
