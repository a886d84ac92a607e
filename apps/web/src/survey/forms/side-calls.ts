/**
 * The calls around a submit (spec §4 "End of survey", §7): the pre-submit check before the post, the
 * bad-words report beside it. Their failures are ignored (§8): they never hold a visitor back.
 */
async function postIgnoringFailure(url: string, body: object): Promise<void> {
  try {
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
      keepalive: true,
    });
  } catch {
    // §8: ignored.
  }
}

export function preSubmitCheck(lead: {
  lead_id: string;
  zip_code?: string | undefined;
  trusted_form_cert_id?: string;
  leadid_token?: string;
  ip_address?: string;
}): Promise<void> {
  return postIgnoringFailure('/api/pre-submit', {
    lead_id: lead.lead_id,
    zip_code: lead.zip_code ?? '',
    ip_address: lead.ip_address ?? '',
    user_agent: navigator.userAgent,
    trusted_form_cert_id: lead.trusted_form_cert_id ?? '',
    leadid_token: lead.leadid_token ?? '',
  });
}
