/**
 * The opt-out form's messages, verbatim from spec §5 "Opt-out form messages". They differ from the
 * survey's (lead/field-schemas.ts MESSAGES): the opt-out page is its own form with its own wording.
 */
export const OPT_OUT_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  address: 'Address is required',
  city: 'City is required',
  state: 'State is required',
  zip: 'Zip is required',
  /** Used for the visitor's email and, when an agent acts for them, the agent's (§5 repeats it). */
  emailRequired: 'Email is required',
  emailInvalid: 'Valid email is required',
  phoneRequired: 'Phone number is required',
  phoneIncomplete: 'Phone number is incomplete',
  phoneInvalid: 'Valid phone number is required',
  agentFirstName: 'Agent first name is required',
  agentLastName: 'Agent last name is required',
  agentPhoneRequired: 'Agent phone number is required',
  agentPhoneIncomplete: 'Agent phone number is incomplete',
  agentPhoneInvalid: 'Valid agent phone number is required',
  /** Agent yes/no not chosen, and (separately) neither email nor mail chosen for receiving information. */
  selectOption: 'At least one option must be selected',
  selectRequest: 'At least one request must be selected',
  terms: 'Terms are not checked',
  agentTerms: 'Agent Terms are not checked',
  recaptcha: 'Please complete the reCaptcha',
} as const;

export type OptOutMessage = (typeof OPT_OUT_MESSAGES)[keyof typeof OPT_OUT_MESSAGES];

/**
 * Not §5 messages: answers to a malformed request that the opt-out page never sends (wrong `type`,
 * `formData` not an object, a bad `project`). A visitor never sees them, so the spec has no wording.
 */
export const OPT_OUT_PROTOCOL_MESSAGES = {
  type: 'Unsupported request type',
  formData: 'formData must be an object',
  project: 'Invalid project',
  body: 'The body must be a JSON object',
  globalPrivacyControl: 'globalPrivacyControl must be true or false',
} as const;
