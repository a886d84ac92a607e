/** Which process made a delivery attempt (host:pid), kept with the attempt. */
import { hostname } from 'node:os';

export const WORKER_ID = `${hostname()}:${process.pid}`;
