/**
 * Where the database is, for the commands that need nothing else (migrate, backup, restore; issue 30):
 * the server's own variables and rules, without the settings only a serving instance needs (a production
 * .env lacking an SMS key still migrates).
 */
import { DeliveryEnvShape } from '../delivery/delivery-config';
import { parseEnvironment } from '../env-values';
import { EnvSchema } from '../server-env-schema';

export interface DatabaseSettings {
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema of the delivery queue (pg-boss), backed up with the app's. */
  queueSchema: string;
}

export function databaseSettings(env: NodeJS.ProcessEnv = process.env): DatabaseSettings {
  const settings = parseEnvironment(EnvSchema.pick({ DATA_DIR: true, DATABASE_URL: true }), env);
  const { DELIVERY_QUEUE_SCHEMA } = parseEnvironment(DeliveryEnvShape.pick({ DELIVERY_QUEUE_SCHEMA: true }), env);
  return { dataDir: settings.DATA_DIR, databaseUrl: settings.DATABASE_URL, queueSchema: DELIVERY_QUEUE_SCHEMA };
}
