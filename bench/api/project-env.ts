/**
 * How the bench starts the project's server (bench/api.ts, bench/lead-cpu.ts): as production does, with
 * the delivery worker off (deliveries have their own bench), limits high enough for a bench's new visitors
 * from one address, and no web build.
 */
import path from 'node:path';

export function projectEnv(work: string): Record<string, string> {
  return {
    LOG_LEVEL: 'info',
    TRUST_PROXY: '127.0.0.1',
    DELIVERY_WORKER: 'off',
    LEAD_LIMIT_PER_IP: '200',
    LEAD_LIMIT_PER_CONTACT: '5',
    WEB_DIST: path.join(work, 'no-web'),
  };
}
