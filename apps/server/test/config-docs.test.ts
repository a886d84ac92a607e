/**
 * Issue 30, item 8: "generate one reference (and a `.env.example`) from the zod schema so it cannot drift".
 * docs/configuration.md and .env.example must be what `npm run docs:config` writes from the schemas now;
 * every variable a schema checks is in both, and the typo check knows each of them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { CONFIGURATION_FILES, renderConfigurationMarkdown, renderEnvExample } from '../src/startup/config-reference';
import { KNOWN_VARIABLES } from '../src/startup/environment-variables';
import { probableTypos } from '../src/startup/probable-typos';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CONFIGURATION_MD = path.join(root, CONFIGURATION_FILES.markdown);
const ENV_EXAMPLE = path.join(root, CONFIGURATION_FILES.envExample);
const renderConfigurationFiles = () => ({ markdown: renderConfigurationMarkdown(), envExample: renderEnvExample() });

describe('the configuration reference', () => {
  it('is what npm run docs:config writes (run it after changing a setting)', () => {
    const { markdown, envExample } = renderConfigurationFiles();
    expect(readFileSync(CONFIGURATION_MD, 'utf8')).toBe(markdown);
    expect(readFileSync(ENV_EXAMPLE, 'utf8')).toBe(envExample);
  });

  it('names every variable the schemas check, in both files, and none is taken for a typo', () => {
    const { markdown, envExample } = renderConfigurationFiles();
    expect(KNOWN_VARIABLES.size).toBeGreaterThan(70);
    for (const name of KNOWN_VARIABLES) {
      expect(markdown).toContain(`| \`${name}\` |`);
      expect(envExample).toMatch(new RegExp(`^(# )?${name}=`, 'm'));
    }
    expect(probableTypos(Object.fromEntries([...KNOWN_VARIABLES].map((name) => [name, 'x'])))).toEqual([]);
  });

  it('.env.example, filled in, is a production configuration the server accepts', () => {
    const example = readFileSync(ENV_EXAMPLE, 'utf8');
    const set = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line): [string, string] => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    const filled = {
      ...set,
      LOOKUP_KEY_SECRET: 'a-lookup-key-secret-of-32-characters!',
      DATABASE_URL: 'postgres://funnel@db.internal/funnel',
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_VERIFY_SERVICE_SID: `VA${'0'.repeat(32)}`,
      RECAPTCHA_SECRET: 'secret',
      RECAPTCHA_SITE_KEY: 'site-key',
    };
    // Every variable left to fill is one of these: nothing else is required.
    expect(Object.keys(set).sort()).toEqual(Object.keys(filled).sort());
    expect(loadConfig(filled).production).toBe(true);
  });
});
