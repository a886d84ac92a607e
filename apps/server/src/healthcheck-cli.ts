/**
 * The image's HEALTHCHECK (Dockerfile; issue 30): asks this container's server whether it is ready
 * (`GET /readyz`: database, Redis, migrations, queue) and exits 0 when it answers 2xx, 1 otherwise, within
 * 3 s. `node apps/server/dist/healthcheck.js [PATH]`: another path, such as `/healthz` (alive only).
 * Reads PORT like the server; no other setting, and nothing of the answer is printed but its status.
 */
export async function checkHealth(port: string, route: string): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${route}`, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) console.error(`${route}: ${response.status}`);
    return response.ok;
  } catch (error) {
    console.error(`${route}: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

process.exit((await checkHealth(process.env.PORT?.trim() || '3000', process.argv[2] ?? '/readyz')) ? 0 : 1);
