import { z } from 'zod';

/**
 * Where a target posts. An absolute http(s) URL, or a path on this server ("/dev/fake-buyer/…"),
 * which only the development fake buyer uses and production refuses (delivery-config.ts).
 */
export const TargetUrlSchema = z
  .string()
  .refine(
    (url) => (url.startsWith('/') && !url.startsWith('//')) || /^https?:\/\//.test(url),
    'url must be an http(s) URL or a path on this server',
  )
  .refine((url) => url.startsWith('/') || URL.canParse(url), 'url is not a valid URL');
