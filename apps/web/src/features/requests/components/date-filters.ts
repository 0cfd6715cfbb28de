/** Address dates are MM-DD-YYYY (spec 001 s2); the API takes YYYY-MM-DD; people type MM/DD/YYYY. */
export function addressToIso(v: string | undefined): string | undefined {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v ?? '');
  return m ? `${m[3]}-${m[1]}-${m[2]}` : undefined;
}

export function typedToAddress(v: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v.trim());
  if (!m) return null;
  const [mm, dd, yyyy] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(yyyy, mm - 1, dd));
  if (yyyy < 1753 || d.getUTCMonth() !== mm - 1 || d.getUTCDate() !== dd) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

export const addressToTyped = (v: string | undefined) => (v ? v.replace(/-/g, '/') : '');
