/**
 * Compensation meter (spec §3 "Compensation meter", §7 "Estimated settlement value", §9).
 * The meter is a bar of seven equal blocks, one per value band; the mark sits proportionally inside the
 * block of its band. Everything here is a pure reading of an amount (or of a compLevel) into the level,
 * label, band and mark position the screen draws.
 */
import {
  COMPENSATION_BLOCK_HEIGHT_PX,
  COMPENSATION_DISPLAY_CAP,
  COMPENSATION_INITIAL,
  COMPENSATION_MAX,
} from '../constants';

export type CompLevel = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface CompensationBand {
  level: CompLevel;
  /** §9 range's lower bound as written ("5001-7000" → 5001). */
  min: number;
  /** §9 range's upper bound, also the amount the §9 label is keyed by ("7000 Low to Mid Value"). */
  max: number;
  label: string;
}

/** §9 labels by level, as the spec words them (English): the meter's and the thank-you headline's (issue 28). */
export const COMPENSATION_LABELS = {
  1: 'Low Value',
  2: 'Low to Mid Value',
  3: 'Mid Value',
  4: 'Mid to High Value',
  5: 'High Value',
  6: 'Very High Value',
  7: 'Extremely High Value',
} as const satisfies Readonly<Record<CompLevel, string>>;

/** §9 ranges and labels, lowest first. Band index = position in this list (level − 1). */
export const COMPENSATION_BANDS: readonly CompensationBand[] = [
  { level: 1, min: 0, max: 5000, label: COMPENSATION_LABELS[1] },
  { level: 2, min: 5001, max: 7000, label: COMPENSATION_LABELS[2] },
  { level: 3, min: 7001, max: 12500, label: COMPENSATION_LABELS[3] },
  { level: 4, min: 12501, max: 25000, label: COMPENSATION_LABELS[4] },
  { level: 5, min: 25001, max: 50000, label: COMPENSATION_LABELS[5] },
  { level: 6, min: 50001, max: 100000, label: COMPENSATION_LABELS[6] },
  { level: 7, min: 100001, max: COMPENSATION_MAX, label: COMPENSATION_LABELS[7] },
];

/** §9: one block per band, each COMPENSATION_BLOCK_HEIGHT_PX tall (7 × 60.71 = 424.97 px). */
export const COMPENSATION_BAR_HEIGHT_PX = COMPENSATION_BANDS.length * COMPENSATION_BLOCK_HEIGHT_PX;

export interface CompensationReading {
  /** The amount the meter shows: the input clamped to [0, COMPENSATION_DISPLAY_CAP]. */
  amount: number;
  level: CompLevel;
  label: string;
  /** 0-based index into COMPENSATION_BANDS. */
  bandIndex: number;
  /** Mark position from the start (bottom) of the bar, as a percentage of the full bar, 0–100. */
  positionPercent: number;
  /** The same position in pixels from the start of the bar, with blocks of 60.71 px. */
  offsetPx: number;
}

/**
 * The bands are read as contiguous intervals (previous max, max], the first one [0, 5000]. For whole
 * dollars this is exactly §9's "5001-7000" ranges; for a fractional amount (5000.5) it leaves no gap.
 */
function bandIndexOf(amount: number): number {
  const index = COMPENSATION_BANDS.findIndex((band) => amount <= band.max);
  return index === -1 ? COMPENSATION_BANDS.length - 1 : index;
}

function bandAt(index: number): CompensationBand {
  const band = COMPENSATION_BANDS[index];
  if (band === undefined) throw new RangeError(`No compensation band ${index}`);
  return band;
}

/**
 * Reads an amount into the meter. Below 0 (or NaN) reads as 0; above the cap reads as the cap.
 * §9 "front-end cap 249500 (mark at full bar)": the shown amount never exceeds 249500, and at the cap the
 * mark is drawn at 100 % rather than at the 99.95 % its proportional place would give.
 * Within a band the mark is proportional: (amount − previous max) / (max − previous max) of its block, so
 * every band's max sits exactly on a block edge and the position never decreases as the amount rises.
 */
export function readCompensation(amount: number): CompensationReading {
  const clamped = Number.isNaN(amount) ? 0 : Math.min(Math.max(amount, 0), COMPENSATION_DISPLAY_CAP);
  const bandIndex = bandIndexOf(clamped);
  const band = bandAt(bandIndex);
  const floor = bandIndex === 0 ? 0 : bandAt(bandIndex - 1).max;
  const withinBand = (clamped - floor) / (band.max - floor);
  const fraction = clamped >= COMPENSATION_DISPLAY_CAP ? 1 : (bandIndex + withinBand) / COMPENSATION_BANDS.length;
  return {
    amount: clamped,
    level: band.level,
    label: band.label,
    bandIndex,
    positionPercent: fraction * 100,
    offsetPx: fraction * COMPENSATION_BAR_HEIGHT_PX,
  };
}

/** The meter before any answer moves it (§3: current_compensation starts at 5000). */
export const INITIAL_COMPENSATION_READING: CompensationReading = readCompensation(COMPENSATION_INITIAL);

/**
 * §7: the estimated-settlement response's compLevel, passed on as `cl`. The spec does not say whether it
 * is the level (1–7, as §9 numbers the labels) or the amount the label is keyed by (5000 … 250000), so
 * both are accepted, as a number or a numeric string; the two never overlap. Anything else is null
 * (the meter is not shown rather than showing a guess).
 */
export function parseCompLevel(value: unknown): CompLevel | null {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(number)) return null;
  const band = COMPENSATION_BANDS.find((b) => b.level === number || b.max === number);
  return band === undefined ? null : band.level;
}

/**
 * A compLevel read as the meter at the top of its band (the amount its §9 label is keyed by); level 7
 * therefore shows the cap, 249500, at full bar. Null when the value is not a compLevel.
 */
export function readCompLevel(value: unknown): CompensationReading | null {
  const level = parseCompLevel(value);
  if (level === null) return null;
  return readCompensation(bandAt(level - 1).max);
}
