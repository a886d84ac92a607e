/** Builds the HTTP app from its parts; main.ts wires real ones, tests wire the same with a temp dir. */
import helmet from '@fastify/helmet';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import { registerRateLimit, type RateLimitStore } from './http/rate-limit';
import type { ZipProvider } from './providers/zip/zip-provider';
import { registerPostLead } from './routes/post-lead';
import { registerWebPages } from './routes/web-pages';
import { registerZipLookup } from './routes/zip-lookup';

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  zip: ZipProvider;
  now?: () => Date;
  /** Where rate-limit counters live (http/rate-limit.ts); memory when absent. */
  rateLimit?: RateLimitStore;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.config.LOG_LEVEL,
      // Leads carry names, emails and phones: never let them reach the logs.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.body'],
    },
    trustProxy: deps.config.TRUST_PROXY,
    // Ad links arrive as /survey, /survey/ or /Survey: all the same page (the route registry lower-cases too).
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false },
    bodyLimit: 16 * 1024,
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });

  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply
      .code(status)
      .send({ error: errorCode(error, status), message: status >= 500 ? 'Internal server error' : error.message });
  });

  // Before the routes: the plugin attaches its hook to each route as the route is added.
  await registerRateLimit(app, deps.rateLimit);

  registerPostLead(app, { db: deps.db, zip: deps.zip, now: deps.now ?? (() => new Date()) });
  registerZipLookup(app, deps.zip);
  await registerWebPages(app, deps.config.WEB_DIST);
  return app;
}

function errorCode(error: FastifyError, status: number): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'body_too_large';
  if (status === 429) return 'too_many_requests';
  return status >= 500 ? 'server_error' : 'bad_request';
}
