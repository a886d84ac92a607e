/**
 * The consent tags (spec §3 leadid_token, trusted_form_cert_id, trustedform_cert_url; §9 polling 50 ms for
 * the lead-id token, 5 ms for the consent certificate; issue 13). Each script is the operator's (GET
 * /api/page-config), loaded only when configured — the server's CSP allows its origin only then — once the
 * survey is live; its value is read where the vendor's script writes it (Jornaya: the hidden input
 * #leadid_token; TrustedForm: the hidden input xxTrustedFormCertUrl, whose last path segment is the
 * certificate id) and lands in the lead. Nothing configured: nothing loads and the fields stay empty.
 */
import { LEAD_ID_TOKEN_POLL_MS, TAG_VALUE_POLL_MS, type PageTags } from '@app/funnel';
import { loadScript, poll, tagElementId } from './tag-script';

export interface TagValues {
  leadid_token: string;
  trusted_form_cert_id: string;
  trustedform_cert_url: string;
}

const values: TagValues = { leadid_token: '', trusted_form_cert_id: '', trustedform_cert_url: '' };
let started = false;

function inputValue(selector: string): string {
  const found = document.querySelector(selector);
  return found instanceof HTMLInputElement ? found.value.trim() : '';
}

export function startConsentTags({ jornaya, trustedForm }: Pick<PageTags, 'jornaya' | 'trustedForm'>): void {
  if (started) return;
  started = true;
  if (jornaya) {
    loadScript(jornaya, tagElementId('jornaya'));
    poll(LEAD_ID_TOKEN_POLL_MS, () => {
      values.leadid_token = inputValue('#leadid_token');
      return values.leadid_token !== '';
    });
  }
  if (trustedForm) {
    loadScript(trustedForm, 'tag-trustedform');
    poll(TAG_VALUE_POLL_MS, () => {
      const url = inputValue('input[name="xxTrustedFormCertUrl"]');
      if (!URL.canParse(url)) return false;
      values.trustedform_cert_url = url;
      values.trusted_form_cert_id = new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? '';
      return true;
    });
  }
}

/** The values read so far (empty strings until a script has written them). */
export function tagValues(): TagValues {
  return { ...values };
}
