/** The five request checkboxes of the §3 opt-out form: the domain's list, stored by field name. */
import { OPT_OUT_REQUEST_FIELDS } from '@app/funnel';

export const OPT_OUT_REQUEST_TYPES = OPT_OUT_REQUEST_FIELDS;

export type OptOutRequestType = (typeof OPT_OUT_REQUEST_FIELDS)[number];
