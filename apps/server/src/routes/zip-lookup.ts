/** GET /us/{zip} (spec §7): the place of a zip, 404 for an unknown one, 400 for a malformed one. */
import type { FastifyInstance } from 'fastify';
import { VALIDATION_RATE_LIMIT } from '../http/rate-limit';
import type { ZipProvider } from '../providers/zip/zip-provider';

export function registerZipLookup(app: FastifyInstance, zip: ZipProvider): void {
  app.get<{ Params: { zip: string } }>(
    '/us/:zip',
    { config: { rateLimit: VALIDATION_RATE_LIMIT } },
    async (request, reply) => {
      const code = request.params.zip;
      if (!/^\d{5}$/.test(code)) {
        return reply.code(400).send({ error: 'invalid_zip', message: 'zip must be 5 digits' });
      }
      const place = await zip.lookup(code);
      if (!place) return reply.code(404).send({ error: 'unknown_zip', message: `No US place for zip ${code}` });
      return reply.header('cache-control', 'public, max-age=86400').send(place);
    },
  );
}
