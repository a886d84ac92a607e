/** How each typed answer field is entered: input type, autofill hint, keyboard, mask (§5 masks). */
import { maskUsPhone } from '@app/funnel';
import type { HTMLInputTypeAttribute } from 'react';
import { maskZip } from './masks';

export interface InputSpec {
  name: string;
  type: HTMLInputTypeAttribute;
  autoComplete: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  mask?: (value: string) => string;
  optional?: boolean;
}

export const INPUT_SPECS: Record<string, InputSpec> = {
  first_name: { name: 'first_name', type: 'text', autoComplete: 'given-name' },
  last_name: { name: 'last_name', type: 'text', autoComplete: 'family-name' },
  email: { name: 'email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone: { name: 'phone', type: 'tel', autoComplete: 'tel-national', inputMode: 'tel', mask: maskUsPhone },
  zip_code: { name: 'zip_code', type: 'text', autoComplete: 'postal-code', inputMode: 'numeric', mask: maskZip },
  address: { name: 'address', type: 'text', autoComplete: 'street-address' },
  date_of_birth: { name: 'date_of_birth', type: 'date', autoComplete: 'bday' },
  law_firm_name: { name: 'law_firm_name', type: 'text', autoComplete: 'organization' },
  attorney_name: { name: 'attorney_name', type: 'text', autoComplete: 'off', optional: true },
};

export function inputSpecFor(name: string): InputSpec {
  return INPUT_SPECS[name] ?? { name, type: 'text', autoComplete: 'off' };
}
