/**
 * This build's release (issue 30): the version of the root package.json, which CHANGELOG.md describes.
 * Read at start from the file itself, the same two folders up from src (tests, tsx) and from dist (the
 * bundle, the image), so the version is never written twice.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT_PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json');

function readVersion(): string {
  const json: unknown = JSON.parse(readFileSync(ROOT_PACKAGE, 'utf8'));
  const version = typeof json === 'object' && json !== null && 'version' in json ? json.version : undefined;
  return typeof version === 'string' ? version : 'unknown';
}

export const RELEASE_VERSION = readVersion();
