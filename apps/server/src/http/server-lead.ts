/**
 * The server's reading of a submitted lead (post-lead and the ingest endpoint): its own zip lookup,
 * its own text check, the suppression list, its clock, IP and user agent. §8: a zip or text service
 * that fails gives no place / no verdict, never a refused lead.
 */
import { buildLeadRecord, type Lead, type LeadDestination, type LeadSubmission, type ZipPlace } from '@app/funnel';
import type { FastifyRequest } from 'fastify';
import { isSuppressed } from '../db/suppression-store';
import { ProviderUnavailableError } from '../providers/provider-unavailable-error';
import { checkTextOrNothing } from '../providers/text/text-checker';
import type { Services } from '../services';

export async function lookupPlace(services: Services, zip: string, request: FastifyRequest): Promise<ZipPlace | null> {
  try {
    return await services.providers.zip.lookup(zip);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    request.log.warn({ provider: 'zip' }, 'zip lookup unavailable; the lead keeps empty place fields (§8)');
    return null;
  }
}

/** The stored lead of a submission posted to `destination`; its variant is the landing path's (§2). */
export async function serverLead(
  services: Services,
  submission: LeadSubmission,
  request: FastifyRequest,
  destination: LeadDestination,
): Promise<Lead> {
  const [place, text, suppressed] = await Promise.all([
    lookupPlace(services, submission.zip_code, request),
    submission.case_description === undefined ? null : checkTextOrNothing(services.text, submission.case_description),
    isSuppressed(services.db, { email: submission.email, phone: submission.phone }),
  ]);
  return buildLeadRecord(
    submission,
    {
      receivedAt: services.now(),
      place,
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      secGpc: request.headers['sec-gpc'] === '1',
      isGibberish: text?.is_gibberish ?? null,
      suppressed,
    },
    destination,
  );
}
