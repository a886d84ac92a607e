/**
 * lp_s2 traffic split (spec §3 "lp_s2 (google or facebook)", §9 "lp_s2 is google 75%, facebook 25%").
 * The domain never draws a random number (lint): the caller hands in a seed, either a number in [0, 1)
 * (e.g. from the browser's random source) or a string (e.g. the lead id), which is hashed. The same
 * seed always gives the same side, so a reload with the same lead id keeps the visitor's side.
 */
import { LP_S2_GOOGLE_SHARE } from '../constants';

export type LpS2 = 'google' | 'facebook';

const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const UINT32_RANGE = 2 ** 32;

/** 32-bit FNV-1a over the UTF-8 bytes of the text (the standard test vectors hold). */
export function fnv1a32(text: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/**
 * MurmurHash3's 32-bit finaliser. FNV-1a alone mixes its last byte only into the low and middle bits,
 * and the split reads the top bits, so ids differing only in their last character (lead-1, lead-2 …)
 * would cluster; the finaliser spreads every input bit over the whole word.
 */
function avalanche(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A string seed as a number in [0, 1): FNV-1a, then the finaliser, divided by 2^32. */
export function seedToUnit(seed: string): number {
  return avalanche(fnv1a32(seed)) / UINT32_RANGE;
}

/**
 * §9: google for a seed in [0, 0.75), facebook for [0.75, 1). A number outside [0, 1) (or NaN) is a
 * caller's mistake and throws rather than silently skewing the split.
 */
export function chooseLpS2(seed: number | string): LpS2 {
  const unit = typeof seed === 'string' ? seedToUnit(seed) : seed;
  if (!(unit >= 0 && unit < 1)) throw new RangeError(`lp_s2 seed must be in [0, 1), got ${unit}`);
  return unit < LP_S2_GOOGLE_SHARE ? 'google' : 'facebook';
}
