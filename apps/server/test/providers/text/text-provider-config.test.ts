import { describe, expect, it } from 'vitest';
import { createTextChecker, loadTextProviderConfig } from '../../../src/providers/text/text-provider-config';

describe('text provider config', () => {
  it('defaults to the offline model', () => {
    expect(loadTextProviderConfig({})).toEqual({ kind: 'offline' });
    expect(loadTextProviderConfig({ TEXT_CHECK_URL: '' })).toEqual({ kind: 'offline' });
    expect(loadTextProviderConfig({ TEXT_CHECK_URL: '  ', TEXT_CHECK_TIMEOUT_MS: '' })).toEqual({ kind: 'offline' });
  });

  it('uses the remote service when TEXT_CHECK_URL is set, with a 3 s default timeout', () => {
    expect(loadTextProviderConfig({ TEXT_CHECK_URL: 'https://checks.example/gibberish' })).toEqual({
      kind: 'http',
      url: 'https://checks.example/gibberish',
      timeoutMs: 3000,
    });
    expect(
      loadTextProviderConfig({ TEXT_CHECK_URL: 'http://127.0.0.1:9000/check', TEXT_CHECK_TIMEOUT_MS: '750' }),
    ).toEqual({ kind: 'http', url: 'http://127.0.0.1:9000/check', timeoutMs: 750 });
  });

  it.each([
    [{ TEXT_CHECK_URL: 'not a url' }, /TEXT_CHECK_URL/],
    [{ TEXT_CHECK_URL: 'ftp://checks.example/x' }, /TEXT_CHECK_URL/],
    [{ TEXT_CHECK_URL: 'https://checks.example', TEXT_CHECK_TIMEOUT_MS: 'soon' }, /TEXT_CHECK_TIMEOUT_MS/],
    [{ TEXT_CHECK_URL: 'https://checks.example', TEXT_CHECK_TIMEOUT_MS: '5' }, /TEXT_CHECK_TIMEOUT_MS/],
  ])('rejects %o naming the variable', (env, message) => {
    expect(() => loadTextProviderConfig(env)).toThrow(message);
  });

  it('builds the HTTP checker without touching the network', () => {
    const checker = createTextChecker({ kind: 'http', url: 'http://127.0.0.1:1/check', timeoutMs: 100 });
    expect(typeof checker.check).toBe('function');
  });
});
