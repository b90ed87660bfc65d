// Row ids are 64-bit snowflakes sent as strings; anything else is not an id.
const MAX_ID = 9223372036854775807n;

export function isIdText(s: string): boolean {
  return /^\d{1,19}$/.test(s) && BigInt(s) <= MAX_ID;
}
