/** Builds the HTTP app from its parts; main.ts wires real ones, tests wire the same with a temp dir. */
import { consentListProblems } from '@app/funnel';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import { saveServedConsentVersions } from './db/consent-version-store';
import type { DbDialect } from './db/db-dialect';
import { createLookupKeys, lookupKeySecret } from './db/lookup-keys';
import { registerSecurityHeaders } from './http/security-headers';
import type { Database } from './db/schema';
import { createSmsCodeStore } from './db/sms-code-store';
import { createDeliveryRuntime } from './delivery/delivery-runtime';
import { recheckContact } from './delivery/recheck-contact';
import { createExperiments } from './experiments/experiment-runtime';
import { groupCommitOf, observeCommits } from './db/commit-feed';
import { createMetrics } from './metrics/metrics';
import { registerMetrics } from './routes/metrics';
import { holdRepliesUntilCommitted } from './http/hold-until-committed';
import { sendDependencyUnavailable } from './http/dependency-unavailable';
import { answerWithinDeadline } from './http/response-deadline';
import { failedPartOf } from './health/dependency-errors';
import { createDependencyState } from './health/dependency-state';
import { closeConnectionsWhileDraining, closeUnusedConnections, createDrain, type Drain } from './health/drain';
import { neededDependencies, registerHealthRoutes } from './health/health-routes';
import { registerRateLimit, type RateLimitStore } from './http/rate-limit';
import { LOG_REDACT_PATHS, logOneLinePerRequest, requestIdOf, requestLogSerializers } from './http/request-log';
import { scheduleRetention } from './jobs/retention';
import { fastifyTrustProxy } from './startup/trust-proxy';
import { createOperatorAlerts } from './providers/alerts/operator-alerts';
import { createProvidersFromConfig } from './providers/create-providers';
import {
  createRecaptchaVerifier,
  RECAPTCHA_FRAME_SOURCES,
  RECAPTCHA_SCRIPT_SOURCES,
} from './providers/recaptcha/recaptcha-config';
import { createTextChecker } from './providers/text/text-provider-config';
import { registerAlertRoutes } from './routes/alert-routes';
import { registerConsole } from './routes/console/register-console';
import { registerFakeBuyerRoutes } from './routes/fake-buyer-routes';
import { registerIngest } from './routes/ingest';
import { registerLeadReports } from './routes/lead-reports';
import { registerOperatorDataRoutes } from './routes/operator-data-routes';
import { registerOptOut } from './routes/opt-out';
import { registerPostLead } from './routes/post-lead';
import { registerProgress } from './routes/progress';
import { registerValidation } from './routes/validation';
import { registerVerification } from './routes/verification';
import { registerVisitorRoutes, tagOrigins } from './routes/visitor-routes';
import { registerWebPages } from './routes/web-pages';
import { registerZipLookup } from './routes/zip-lookup';
import { loadWebApp } from './web/web-app';
import { trimAssetHeaders } from './web/asset-headers';
import type { Services } from './services';

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  /** Which database `db` is; absent: PostgreSQL when the config has DATABASE_URL, else SQLite. */
  dialect?: DbDialect;
  now?: () => Date;
  /** Where log lines go; stdout when absent (tests read the offline SMS code from here). */
  logStream?: { write: (line: string) => void };
  /** Where the per-IP rate-limit counters live (http/rate-limit.ts): Redis, or the database when absent. */
  rateLimit?: RateLimitStore;
  /** Issue 30: the drain main.ts begins on SIGTERM; a fresh one (never draining) when absent. */
  drain?: Drain;
  /** Receives the services built (tests drive operator actions that have no HTTP API yet). */
  onServices?: (services: Services) => void;
}

/** A connection with nothing sent for this long is closed. */
const IDLE_CONNECTION_TIMEOUT_MS = 30_000;
/** The request line and headers of a real browser arrive at once; a trickle is an attack. */
const HEADERS_TIMEOUT_MS = 10_000;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const now = deps.now ?? (() => new Date());
  const dialect = deps.dialect ?? (config.DATABASE_URL ? 'postgres' : 'sqlite');
  const app = Fastify({
    // Issue 30: a request arriving while the server closes is served, not refused (health/drain.ts).
    return503OnClosing: false,
    logger: {
      level: config.LOG_LEVEL,
      // Leads carry names, emails and phones: request lines hold the path only, never a query string
      // (the thank-you URL carries the email and phone) or a body (issue 9).
      serializers: requestLogSerializers,
      // Issue 15: and the visitor's contact, name, address, IP and case text, wherever code logs them.
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId: (request) => requestIdOf(request.headers['x-request-id']),
    // One line per request, at its end (http/request-log.ts), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    // Ad links arrive as /survey, /survey/ or /Survey: all the same page (the route registry lower-cases too).
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false },
    bodyLimit: 16 * 1024,
    // Slow-body attacks: the headers must arrive within HEADERS_TIMEOUT_MS and the whole request within
    // REQUEST_TIMEOUT_MS (checked every second; Node applies the request timeout only when the headers'
    // is not longer), and an idle connection is closed.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: IDLE_CONNECTION_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: Math.min(1_000, config.REQUEST_TIMEOUT_MS),
    },
  });

  // The built web app first: its pages' inline script and style are allowed by hash (issue 10).
  const web = await loadWebApp(config.WEB_DIST);
  const recaptchaSiteKey = config.recaptcha.RECAPTCHA_SITE_KEY ?? null;

  registerSecurityHeaders(
    app,
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // reCAPTCHA's script and frame only when a site key is configured (the opt-out page, issue 12);
          // issue 13's tag scripts only when configured.
          scriptSrc: [
            "'self'",
            ...(web?.scriptHashes ?? []),
            ...(recaptchaSiteKey ? RECAPTCHA_SCRIPT_SOURCES : []),
            ...tagOrigins(config),
          ],
          styleSrc: ["'self'", ...(web?.styleHashes ?? [])],
          imgSrc: ["'self'", 'data:', ...tagOrigins(config)],
          // Issue 13: the configured public IP lookup is the only other origin the page may call.
          connectSrc: [
            "'self'",
            ...(config.PUBLIC_IP_LOOKUP_URL ? [new URL(config.PUBLIC_IP_LOOKUP_URL).origin] : []),
            ...tagOrigins(config),
          ],
          frameSrc: recaptchaSiteKey ? RECAPTCHA_FRAME_SOURCES : ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
    },
    {
      // Issue 29, finding 10: the console loads nothing from another origin (no tags, no ads, no captcha).
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(web?.scriptHashes ?? [])],
          styleSrc: ["'self'", ...(web?.styleHashes ?? [])],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
    },
  );

  logOneLinePerRequest(app);
  answerWithinDeadline(app, config.RESPONSE_DEADLINE_MS);
  const drain = deps.drain ?? createDrain();
  closeConnectionsWhileDraining(app, drain);
  closeUnusedConnections(app.server);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // Issue 10: a hashed script or style sheet leaves without the document's headers (web/asset-headers.ts).
    trimAssetHeaders(request, reply);
    done(null, payload);
  });

  app.setErrorHandler<FastifyError>((error, request, reply) => {
    // Issue 31: a dependency out, frozen or too slow is 503 with Retry-After, never a bare 500.
    const failed = failedPartOf(error);
    if (failed) {
      const dependency = failed === 'redis' ? 'redis' : dialect;
      dependencies.report(dependency, false, error.message);
      request.log.error({ err: error, dependency }, 'a dependency failed: 503, to be retried');
      return sendDependencyUnavailable(reply);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply
      .code(status)
      .send({ error: errorCode(error, status), message: status >= 500 ? 'Internal server error' : error.message });
  });

  // Issue 15: on SQLite, a request's statements join the open group commit and resolve at once; its reply
  // waits once for that commit (db/group-commit-sqlite-dialect.ts). Background work keeps deps.db, whose
  // writes each wait for their commit.
  const groupCommit = groupCommitOf(deps.db);
  const requestDb = groupCommit?.requestDb ?? deps.db;
  if (groupCommit) holdRepliesUntilCommitted(app, groupCommit.barrier);

  // Issue 15: /metrics, and every request counted; commit batch sizes from the database's group commits.
  const metrics = createMetrics(deps.db, { now });
  // Issue 31: the dependencies' state, logged once per change and in /metrics.
  const redis = deps.rateLimit?.redis;
  const dependencies = createDependencyState({
    dependencies: neededDependencies(dialect, redis !== undefined),
    registry: metrics.registry,
    log: app.log,
    now,
  });
  redis?.on('error', (error: Error) => dependencies.report('redis', false, error.message));
  redis?.on('ready', () => dependencies.report('redis', true));
  const stopObserving = observeCommits(deps.db, (batch) => {
    metrics.recordCommit(batch);
    dependencies.report('sqlite', !batch.failed, 'a commit failed');
  });
  app.addHook('onClose', (_instance, done) => {
    stopObserving();
    done();
  });
  registerMetrics(app, metrics, config.METRICS_TOKEN);

  // Before the routes: the plugin attaches its hook to each route as the route is added.
  await registerRateLimit(app, deps.rateLimit ?? {}, { db: requestDb, now });

  // Lookup keys of emails and phones (HMAC with the server's secret): counters, codes, contact claims.
  const keys = createLookupKeys(await lookupKeySecret(deps.db, config.LOOKUP_KEY_SECRET, now()));
  const delivery = await createDeliveryRuntime({
    db: deps.db,
    dialect,
    config: deps.config.delivery,
    fileBuyers: deps.config.operator.buyers,
    deactivateUnlisted: deps.config.BUYERS_FILE_DEACTIVATES_UNLISTED === 'on',
    env: deps.config.env,
    production: deps.config.production,
    now,
    keys,
    looked: (loop) => metrics.claimLooks.inc({ loop }),
    log: app.log,
  });
  // Issue 28: §4's fixed consent lists must name buyers that exist and are not paused, or the page would
  // offer firms that never receive the lead.
  const consentProblems = consentListProblems(config.operator.consentLists, await delivery.buyers.all());
  if (consentProblems.length > 0) throw new Error(`Invalid consent lists: ${consentProblems.join('; ')}`);
  // The worker starts once the server listens (a buyer on this server needs its address) and stops
  // before it closes (deliveries in flight are recorded first).
  app.addHook('onListen', function (done) {
    const address = this.server.address();
    if (address !== null && typeof address !== 'string') {
      const host = ['0.0.0.0', '::', ''].includes(deps.config.HOST) ? '127.0.0.1' : deps.config.HOST;
      delivery.startWorker(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`, (job) =>
        recheckContact(services, job),
      );
    }
    done();
  });
  app.addHook('preClose', async () => delivery.stop());

  // The ports are built here so that they log through the app's (redacting) logger.
  const providers = createProvidersFromConfig(config.providers, app.log, {
    codes: createSmsCodeStore(deps.db),
    keyOf: (phone) => keys.of('phone', phone),
    logCodes: !config.production,
    now,
  });
  const services: Services = {
    config,
    db: requestDb,
    providers,
    text: createTextChecker(config.textCheck, app.log),
    recaptcha: createRecaptchaVerifier(config.recaptcha),
    delivery,
    alerts: createOperatorAlerts({ db: deps.db, sender: providers.alerts, logger: app.log, now }),
    keys,
    experiments: await createExperiments(deps.db, now),
    metrics,
    dependencies,
    now,
  };
  // Every consent text the pages show, kept as versions before the first lead arrives (issue 9).
  await saveServedConsentVersions(deps.db, now());
  scheduleRetention(app, services);

  deps.onServices?.(services);

  registerHealthRoutes(app, {
    db: deps.db,
    dialect,
    redis,
    state: dependencies,
    drain,
    queueProblem: () => delivery.problem(),
    probeMs: config.DEPENDENCY_PROBE_MS,
    now,
  });
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
  registerVisitorRoutes(app, config);
  await registerConsole(app, services);
  if (!config.production) await registerFakeBuyerRoutes(app);
  await registerWebPages(app, web, config.WEB_DIST, services, recaptchaSiteKey);
  return app;
}

function errorCode(error: FastifyError, status: number): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'body_too_large';
  if (status === 429) return 'too_many_requests';
  return status >= 500 ? 'server_error' : 'bad_request';
}
