/** The main extended survey at /survey (spec §2 "Extended variant", §4 "Main extended flow"). */
export { EXTENDED_FLOW as flow } from '../extended-flow';
