/**
 * Serves the built web app: hashed assets with a year-long cache, and index.html (never cached) for
 * every funnel path and page the app renders. Paths come from the domain's route registry.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { funnelPaths, funnelSegments, THANK_YOU_PATHS } from '@app/funnel';
import type { FastifyInstance, FastifyReply } from 'fastify';

export async function registerWebPages(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(path.join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  const sendApp = (reply: FastifyReply, status = 200) => {
    if (!built) {
      return reply
        .code(503)
        .type('text/plain')
        .send(`The web app is not built: run "npm run build" (looked in ${webDist}).`);
    }
    // index.html names the hashed assets of the current build: it must be revalidated every time.
    return reply.code(status).header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  };

  for (const page of [...funnelPaths(), ...THANK_YOU_PATHS]) {
    app.get(page, (_request, reply) => sendApp(reply));
  }
  // §2: path segments such as /surveyv4nv select a variant whatever follows them.
  for (const segment of funnelSegments()) {
    app.get(`/${segment}`, (_request, reply) => sendApp(reply));
    app.get(`/${segment}/*`, (_request, reply) => sendApp(reply));
  }
  // The landing page is a later issue; until then the root opens the main survey.
  app.get('/', (request, reply) => reply.redirect(`/survey${request.url.slice(1)}`));

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return sendApp(reply, 404);
    return reply.code(404).send({ error: 'not_found', message: `No route for ${request.method} ${request.url}` });
  });
}
