/**
 * The logger the providers are given: the two levels they use. Fastify's (pino's) logger fits it, and so
 * does a recording logger in tests. Providers never put a phone number or an email address in a log
 * line (architecture: leads carry PII); they log `logRef(value)` when a line must be tied to a person.
 */
export interface ProviderLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}
