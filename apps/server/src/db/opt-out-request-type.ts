/** The five request checkboxes of the §3 opt-out form, by their field names. */
export const OPT_OUT_REQUEST_TYPES = [
  'optOutOfSaleOrSharingOfInformation',
  'requestForInformation',
  'requestToDeleteInformation',
  'requestToCorrectInformation',
  'submitAnAppeal',
] as const;

export type OptOutRequestType = (typeof OPT_OUT_REQUEST_TYPES)[number];
