/**
 * Serves the built web app (issue 10): every funnel path, thank-you page and unknown page as HTML the
 * web app's renderer made (web/web-app.ts), with the page's first screen in it, never cached by the
 * browser (it names the current build's assets); the hashed assets with a year-long cache. Paths come
 * from the domain's route registry, so the server and the web app agree on what each path shows.
 */
import { secureCookie } from '../http/secure-cookie';
import fastifyStatic from '@fastify/static';
import {
  funnelPaths,
  funnelSegments,
  isoDateOf,
  normalisePath,
  SITE_PAGE_PATHS,
  SITE_PATHS,
  sponsorsOf,
  THANK_YOU_PATHS,
  type Sponsor,
} from '@app/funnel';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import path from 'node:path';
import { LEAD_INGEST_BUYER_KEY } from '../delivery/lead-ingest-buyer';
import { pageEncodings } from '../web/page-encodings';
import type { Services } from '../services';
import type { WebApp } from '../web/web-app';

/**
 * Whether a request path may be answered with a file of the build: not a template, and no hidden file or
 * folder. Issue 29, finding 9: judged on the path normalised (slashes collapsed, `.` and `..` resolved), so
 * `//.vite/manifest.json` and `/./index.html` are refused like `/.vite/manifest.json` and `/index.html`.
 */
export function isServedFile(pathName: string): boolean {
  const clean = path.posix.normalize(`/${pathName}`.replace(/\/{2,}/g, '/'));
  const segments = clean.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment.startsWith('.'))) return false;
  return !/^\/(index|console)\.html/.test(clean);
}

export async function registerWebPages(
  app: FastifyInstance,
  web: WebApp | null,
  webDist: string,
  services: Pick<Services, 'now' | 'experiments' | 'delivery' | 'config'>,
  recaptchaSiteKey: string | null = null,
): Promise<void> {
  const { now } = services;
  if (web) {
    await app.register(fastifyStatic, {
      root: web.clientDir,
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      // The templates and the build manifest are the server's to read, not the visitor's.
      allowedPath: isServedFile,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  const encode = pageEncodings();

  /** Issue 28: the Sponsors page lists the buyers leads go to (not the lead-ingest service). */
  const sponsors = async (pathname: string): Promise<Sponsor[] | undefined> => {
    if (normalisePath(pathname) !== SITE_PATHS.sponsors) return undefined;
    const buyers = await services.delivery.buyers.all();
    return sponsorsOf(buyers.filter((b) => b.key !== LEAD_INGEST_BUYER_KEY));
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!web) {
      return reply
        .code(503)
        .type('text/plain')
        .send(`The web app is not built: run "npm run build" (looked in ${webDist}).`);
    }
    const [pathname = '/', ...query] = request.url.split('?');
    // Issue 16: a path an experiment decides shows the visitor's arm, assigned once and kept by cookie.
    const assigned =
      request.method === 'GET'
        ? await services.experiments.assign(
            pathname,
            request.headers.cookie,
            secureCookie(request, services.config.production),
          )
        : null;
    if (assigned?.setCookie) reply.header('set-cookie', assigned.setCookie);
    const page = await web.render({
      ...(assigned ? { variant: assigned.assignment.variant } : {}),
      path: pathname,
      search: query.length > 0 ? `?${query.join('?')}` : '',
      host: request.host,
      today: isoDateOf(now()),
      recaptchaSiteKey,
      sponsors: await sponsors(pathname),
    });
    const encoded = encode(page.html, page.cacheKey, request.headers['accept-encoding'] ?? '');
    if (encoded.encoding) reply.header('content-encoding', encoded.encoding);
    return reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('vary', 'accept-encoding')
      .header('cache-control', 'no-cache')
      .send(encoded.body);
  };

  // The survey's paths, its thank-you pages, and the pages around it: landing, opt-out, legal (issue 12).
  for (const page of [...funnelPaths(), ...THANK_YOU_PATHS, ...SITE_PAGE_PATHS]) {
    app.get(page, sendPage);
  }
  // §2: path segments such as /surveyv4nv select a variant whatever follows them.
  for (const segment of funnelSegments()) {
    app.get(`/${segment}`, sendPage);
    app.get(`/${segment}/*`, sendPage);
  }
  // The operator console (issue 16): one HTML shell for every address under /console; the console's
  // own script asks the API who is signed in. Never cached: it names the current build's assets.
  const sendConsole = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!web?.consoleHtml) {
      return reply
        .code(503)
        .type('text/plain')
        .send(`The console is not built: run "npm run build" (looked in ${webDist}).`);
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(web.consoleHtml);
  };
  app.get('/console', sendConsole);
  app.get('/console/*', sendConsole);

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return sendPage(request, reply);
    return reply.code(404).send({ error: 'not_found', message: `No route for ${request.method} ${request.url}` });
  });
}
