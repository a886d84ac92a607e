import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('DATABASE_URL and REDIS_URL', () => {
  it.each([{}, { DATABASE_URL: '', REDIS_URL: '' }])('are optional, and empty means unset: %j', (env) => {
    const config = loadConfig(env);
    expect([config.DATABASE_URL, config.REDIS_URL]).toEqual([undefined, undefined]);
  });

  it.each(['postgres://u:p@db.internal:5432/funnel', 'postgresql://db/funnel?sslmode=require'])(
    'accepts DATABASE_URL %s',
    (url) => {
      expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    },
  );

  it.each(['redis://127.0.0.1:6379', 'rediss://:pw@cache.internal:6380/2'])('accepts REDIS_URL %s', (url) => {
    expect(loadConfig({ REDIS_URL: url }).REDIS_URL).toBe(url);
  });

  it.each(['mysql://u:secret@db/funnel', 'db.internal:5432', 'postgres'])(
    'refuses DATABASE_URL %s, naming the variable and not the value',
    (url) => {
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
        'Invalid environment: DATABASE_URL: must be a postgres:// or postgresql:// URL',
      );
      expect(() => loadConfig({ DATABASE_URL: url })).not.toThrow(/secret/);
    },
  );

  it.each(['http://cache:6379', '127.0.0.1:6379'])('refuses REDIS_URL %s, naming the variable', (url) => {
    expect(() => loadConfig({ REDIS_URL: url })).toThrow(
      'Invalid environment: REDIS_URL: must be a redis:// (or rediss://) URL',
    );
  });
});
