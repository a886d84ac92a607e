import { messageCodeOf } from '@app/funnel';
import type { Catalog } from './catalog';

/**
 * A domain message in the catalog's language, found by its stable code (issue 11); a message the domain
 * does not know (none today) is shown as it came.
 */
export function translateError(catalog: Catalog, message: string): string {
  const code = messageCodeOf(message);
  return code === null ? message : catalog.errors[code];
}
