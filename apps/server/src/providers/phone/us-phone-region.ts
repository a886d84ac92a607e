/**
 * The numbers the funnel serves: the United States and its territories (Puerto Rico, Guam, the US Virgin
 * Islands, American Samoa, the Northern Mariana Islands), by libphonenumber's region of the number. §9's
 * "+1" also covers Canada and about twenty Caribbean countries (+1 416 Toronto, +1 876 Jamaica, +1 809
 * Dominican Republic): texting those costs far more and is the classic SMS-pumping target (issue 9).
 */
import parsePhoneNumberFromString, { type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';

export const US_PHONE_REGIONS: readonly CountryCode[] = ['US', 'PR', 'GU', 'VI', 'AS', 'MP'];

/** The parsed number when it is a valid number of a US region, else undefined. */
export function parseUsRegionPhone(phone: string): PhoneNumber | undefined {
  const parsed = parsePhoneNumberFromString(phone, 'US');
  if (!parsed?.isValid() || parsed.country === undefined) return undefined;
  return US_PHONE_REGIONS.includes(parsed.country) ? parsed : undefined;
}
