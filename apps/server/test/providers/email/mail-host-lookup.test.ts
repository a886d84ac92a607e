import { describe, expect, it } from 'vitest';
import { findMailHost, type MailDns } from '../../../src/providers/email/mail-host-lookup';

/** What a DNS query answers: records, or the node:dns error code it fails with. */
type Answer<T> = T[] | 'ENOTFOUND' | 'ENODATA' | 'ETIMEOUT' | 'ESERVFAIL' | 'ECONNREFUSED' | 'EREFUSED';

function fakeDns(mx: Answer<{ exchange: string; priority: number }>, a: Answer<string>, aaaa: Answer<string>): MailDns {
  const answer = <T>(value: Answer<T>): Promise<T[]> =>
    Array.isArray(value)
      ? Promise.resolve(value)
      : Promise.reject(Object.assign(new Error(`query failed: ${value}`), { code: value }));
  return { resolveMx: () => answer(mx), resolve4: () => answer(a), resolve6: () => answer(aaaa) };
}

const MX = [{ exchange: 'mx.example.net', priority: 10 }];
const NULL_MX = [{ exchange: '', priority: 0 }];

describe('findMailHost (RFC 5321 §5.1, RFC 7505)', () => {
  it.each<[string, MailDns, 'found' | 'none' | 'failure']>([
    ['MX records → found', fakeDns(MX, 'ENODATA', 'ENODATA'), 'found'],
    ['MX plus a null MX → found', fakeDns([...MX, ...NULL_MX], [], []), 'found'],
    ['only a null MX ("") → none, even with an address', fakeDns(NULL_MX, ['192.0.2.1'], []), 'none'],
    ['only a null MX (".") → none', fakeDns([{ exchange: '.', priority: 0 }], [], []), 'none'],
    ['no MX, an A record → found (implicit MX)', fakeDns('ENODATA', ['192.0.2.1'], 'ENODATA'), 'found'],
    ['no MX, an AAAA record → found (implicit MX)', fakeDns('ENODATA', 'ENODATA', ['2001:db8::1']), 'found'],
    ['empty MX answer, an A record → found', fakeDns([], ['192.0.2.1'], []), 'found'],
    ['no MX, no A, no AAAA → none', fakeDns('ENODATA', 'ENODATA', 'ENODATA'), 'none'],
    ['NXDOMAIN → none', fakeDns('ENOTFOUND', 'ENOTFOUND', 'ENOTFOUND'), 'none'],
    ['MX timeout → failure', fakeDns('ETIMEOUT', ['192.0.2.1'], []), 'failure'],
    ['MX SERVFAIL → failure', fakeDns('ESERVFAIL', [], []), 'failure'],
    ['no DNS server → failure', fakeDns('ECONNREFUSED', 'ECONNREFUSED', 'ECONNREFUSED'), 'failure'],
    ['refused → failure', fakeDns('EREFUSED', 'EREFUSED', 'EREFUSED'), 'failure'],
    ['no MX, A times out, no AAAA → failure', fakeDns('ENODATA', 'ETIMEOUT', 'ENODATA'), 'failure'],
    ['no MX, A times out, AAAA found → found', fakeDns('ENODATA', 'ETIMEOUT', ['2001:db8::1']), 'found'],
  ])('%s', async (_name, dns, expected) => {
    expect(await findMailHost('example.net', dns)).toBe(expected);
  });

  it('treats an error without a code as a failure', async () => {
    const dns: MailDns = {
      resolveMx: () => Promise.reject(new Error('boom')),
      resolve4: () => Promise.resolve([]),
      resolve6: () => Promise.resolve([]),
    };
    expect(await findMailHost('example.net', dns)).toBe('failure');
  });
});
