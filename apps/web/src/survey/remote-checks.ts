/**
 * The remote checks of spec §5, called when a step holds an email, a phone or a description. Each
 * answers a verdict or "no answer": a failed call never stops a visitor (§8).
 */
import { EmailCheckResponseSchema, PhoneCheckResponseSchema, TextCheckResponseSchema } from '@app/funnel';
import type { z } from 'zod';

async function postChecked<S extends z.ZodType>(url: string, body: object, schema: S): Promise<z.infer<S> | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(6000),
    });
    if (!response.ok) return null;
    const parsed = schema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function emailBlocked(email: string): Promise<boolean> {
  return (await postChecked('/api/validate/email', { email }, EmailCheckResponseSchema))?.blocked === true;
}

export async function phoneRefused(phone: string, landingPath: string): Promise<boolean> {
  const answer = await postChecked(
    '/api/validate/phone',
    { phone, landing_path: landingPath },
    PhoneCheckResponseSchema,
  );
  return answer?.error === true;
}

export async function textVerdict(text: string): Promise<'yes' | 'no' | null> {
  return (await postChecked('/api/validate/text', { text }, TextCheckResponseSchema))?.is_gibberish ?? null;
}
