/**
 * Offline phone check from libphonenumber-js with its full metadata (`libphonenumber-js/max`, the port of
 * Google's libphonenumber data): whether the number is a valid US number, and its type where the
 * numbering plan tells it (toll-free 8XX ranges, for instance). It cannot know whether a line is live
 * or risky, so active follows valid and fraud_score is 0: the offline check never blocks a real number,
 * it only refuses numbers that cannot exist and toll-free ones (§5).
 */
import type { PhoneNumberType } from 'libphonenumber-js/max';
import type { PhoneCheck, PhoneProvider } from './phone-provider';
import { parseUsRegionPhone } from './us-phone-region';

/**
 * libphonenumber types → IPQualityScore line_type names (https://www.ipqualityscore.com/documentation/
 * phone-number-validation-api/overview), so the §5 verdict reads both providers alike. US numbers are
 * mostly FIXED_LINE_OR_MOBILE (number portability makes the plan unable to tell), reported as 'N/A',
 * IPQualityScore's "unknown".
 */
const LINE_TYPES: Record<PhoneNumberType, string> = {
  FIXED_LINE: 'Landline',
  MOBILE: 'Wireless',
  FIXED_LINE_OR_MOBILE: 'N/A',
  TOLL_FREE: 'Toll Free',
  PREMIUM_RATE: 'Premium Rate',
  SHARED_COST: 'Shared Cost',
  VOIP: 'VOIP',
  PERSONAL_NUMBER: 'Personal Number',
  PAGER: 'Pager',
  UAN: 'UAN',
  VOICEMAIL: 'Voicemail',
};

export function lineTypeName(type: PhoneNumberType | undefined): string {
  return type ? LINE_TYPES[type] : 'N/A';
}

export function createOfflinePhoneProvider(): PhoneProvider {
  return {
    check(phone: string): Promise<PhoneCheck> {
      // Only the US and its territories (§9 country code +1 covers Canada and the Caribbean too).
      const parsed = parseUsRegionPhone(phone);
      const valid = parsed !== undefined;
      return Promise.resolve({
        success: true,
        valid,
        fraud_score: 0,
        line_type: parsed ? lineTypeName(parsed.getType()) : 'N/A',
        active: valid,
        message: '',
      });
    },
  };
}
