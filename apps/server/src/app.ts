/** Builds the HTTP app from its parts; main.ts wires real ones, tests wire the same with a temp dir. */
import helmet from '@fastify/helmet';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DbDialect } from './db/db-dialect';
import type { Database } from './db/schema';
import { createDeliveryRuntime } from './delivery/delivery-runtime';
import { registerRateLimit, type RateLimitStore } from './http/rate-limit';
import { createProvidersFromConfig } from './providers/create-providers';
import { createRecaptchaVerifier } from './providers/recaptcha/recaptcha-config';
import { createTextChecker } from './providers/text/text-provider-config';
import { registerAlertRoutes } from './routes/alert-routes';
import { registerFakeBuyerRoutes } from './routes/fake-buyer-routes';
import { registerIngest } from './routes/ingest';
import { registerLeadReports } from './routes/lead-reports';
import { registerOperatorDataRoutes } from './routes/operator-data-routes';
import { registerOptOut } from './routes/opt-out';
import { registerPostLead } from './routes/post-lead';
import { registerProgress } from './routes/progress';
import { registerValidation } from './routes/validation';
import { registerVerification } from './routes/verification';
import { registerVisitorRoutes } from './routes/visitor-routes';
import { registerWebPages } from './routes/web-pages';
import { registerZipLookup } from './routes/zip-lookup';
import type { Services } from './services';

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  /** Which database `db` is; absent: PostgreSQL when the config has DATABASE_URL, else SQLite. */
  dialect?: DbDialect;
  now?: () => Date;
  /** Where log lines go; stdout when absent (tests read the offline SMS code from here). */
  logStream?: { write: (line: string) => void };
  /** Where rate-limit counters live (http/rate-limit.ts); memory when absent. */
  rateLimit?: RateLimitStore;
  /** Receives the services built (tests drive operator actions that have no HTTP API yet). */
  onServices?: (services: Services) => void;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.config.LOG_LEVEL,
      // Leads carry names, emails and phones: never let them reach the logs.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.body'],
      ...(deps.logStream ? { stream: deps.logStream } : {}),
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

  const now = deps.now ?? (() => new Date());
  const delivery = await createDeliveryRuntime({
    db: deps.db,
    dialect: deps.dialect ?? (deps.config.DATABASE_URL ? 'postgres' : 'sqlite'),
    config: deps.config.delivery,
    fileBuyers: deps.config.operator.buyers,
    env: deps.config.env,
    now,
    log: app.log,
  });
  // The worker starts once the server listens (a buyer on this server needs its address) and stops
  // before it closes (deliveries in flight are recorded first).
  app.addHook('onListen', function (done) {
    const address = this.server.address();
    if (address !== null && typeof address !== 'string') {
      const host = ['0.0.0.0', '::', ''].includes(deps.config.HOST) ? '127.0.0.1' : deps.config.HOST;
      delivery.startWorker(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
    }
    done();
  });
  app.addHook('preClose', async () => delivery.stop());

  // The ports are built here so that they log through the app's (redacting) logger.
  const services: Services = {
    config: deps.config,
    db: deps.db,
    providers: createProvidersFromConfig(deps.config.providers, app.log),
    text: createTextChecker(deps.config.textCheck, app.log),
    recaptcha: createRecaptchaVerifier(deps.config.recaptcha),
    delivery,
    now,
  };

  deps.onServices?.(services);

  registerPostLead(app, services);
  registerIngest(app, services);
  registerLeadReports(app, services);
  registerZipLookup(app, services);
  registerValidation(app, services);
  registerVerification(app, services);
  registerProgress(app, services);
  registerAlertRoutes(app, services);
  registerOptOut(app, services);
  registerOperatorDataRoutes(app, services);
  registerVisitorRoutes(app);
  if (!deps.config.production) await registerFakeBuyerRoutes(app);
  await registerWebPages(app, deps.config.WEB_DIST);
  return app;
}

function errorCode(error: FastifyError, status: number): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'body_too_large';
  if (status === 429) return 'too_many_requests';
  return status >= 500 ? 'server_error' : 'bad_request';
}
