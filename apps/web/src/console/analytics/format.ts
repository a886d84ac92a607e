/** How the analytics screens write numbers. */
export const percent = (value: number, digits = 1) => `${(value * 100).toFixed(digits)}%`;
export const seconds = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
export const count = (n: number) => n.toLocaleString('en-US');
