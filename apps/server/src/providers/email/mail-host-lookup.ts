/**
 * Does a domain have somewhere to deliver mail? RFC 5321 §5.1: look up MX records; when there are none,
 * the domain's own address (A or AAAA) is the implicit MX. RFC 7505: a single MX whose exchange is "."
 * (a "null MX") says the domain accepts no mail.
 *
 * The DNS calls are injected (MailDns, the subset of node:dns/promises' Resolver used here), so the logic
 * is tested table-driven without a DNS server, and the real Resolver is the default in production.
 */
export interface MailDns {
  resolveMx(domain: string): Promise<{ exchange: string; priority: number }[]>;
  resolve4(domain: string): Promise<string[]>;
  resolve6(domain: string): Promise<string[]>;
}

/** 'failure' = the resolver could not say (timeout, SERVFAIL, refused, no network): not the domain's fault. */
export type MailHostOutcome = 'found' | 'none' | 'failure';

/** A lookup's records, 'none' (the name or that record type does not exist) or 'failure'. */
type Lookup<T> = T[] | 'none' | 'failure';

async function lookup<T>(query: () => Promise<T[]>): Promise<Lookup<T>> {
  try {
    const records = await query();
    return records.length > 0 ? records : 'none';
  } catch (error: unknown) {
    // c-ares codes, as node:dns reports them: ENOTFOUND is NXDOMAIN (no such name), ENODATA is a name with
    // no record of that type. Everything else (ETIMEOUT, ESERVFAIL, EREFUSED, ECONNREFUSED, …) is a failure.
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    return code === 'ENOTFOUND' || code === 'ENODATA' ? 'none' : 'failure';
  }
}

export async function findMailHost(domain: string, dns: MailDns): Promise<MailHostOutcome> {
  const mx = await lookup(() => dns.resolveMx(domain));
  if (mx === 'failure') return 'failure';
  if (mx !== 'none') {
    const isNullMx = (record: { exchange: string }) => record.exchange === '' || record.exchange === '.';
    return mx.every(isNullMx) ? 'none' : 'found';
  }
  const [v4, v6] = await Promise.all([lookup(() => dns.resolve4(domain)), lookup(() => dns.resolve6(domain))]);
  if (Array.isArray(v4) || Array.isArray(v6)) return 'found';
  return v4 === 'failure' || v6 === 'failure' ? 'failure' : 'none';
}
