/**
 * GET /us/{zip} (spec §7): the place of a zip; 404 unknown, 400 malformed, 503 when the zip service
 * fails (the browser then lets the visitor on with empty city/state, §8).
 */
import type { FastifyInstance } from 'fastify';
import { validationRateLimit } from '../http/rate-limit';
import { ProviderUnavailableError } from '../providers/provider-unavailable-error';
import type { Services } from '../services';

export function registerZipLookup(app: FastifyInstance, services: Services): void {
  const checks = validationRateLimit(services.config.CHECK_LIMIT_PER_MINUTE);
  app.get<{ Params: { zip: string } }>('/us/:zip', { config: { rateLimit: checks } }, async (request, reply) => {
    const code = request.params.zip;
    if (!/^\d{5}$/.test(code)) {
      return reply.code(400).send({ error: 'invalid_zip', message: 'zip must be 5 digits' });
    }
    try {
      const place = await services.providers.zip.lookup(code);
      if (!place) return reply.code(404).send({ error: 'unknown_zip', message: `No US place for zip ${code}` });
      return reply.header('cache-control', 'public, max-age=86400').send(place);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      return reply.code(503).send({ error: 'zip_lookup_unavailable', message: 'The zip lookup is unavailable' });
    }
  });
}
