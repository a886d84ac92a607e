/** GET /api/ip (spec §7 "a public IP lookup"): the visitor's address as the server sees it. */
import type { FastifyInstance } from 'fastify';

export function registerVisitorRoutes(app: FastifyInstance): void {
  app.get('/api/ip', (request, reply) => reply.header('cache-control', 'no-store').send({ ip: request.ip }));
}
