/** Input masks (spec §5): zip as 5 digits; the phone's is the domain's maskUsPhone (lead/us-phone.ts). */
export function maskZip(input: string): string {
  return input.replace(/\D/g, '').slice(0, 5);
}
