/**
 * Colour contrast as WCAG 2.x defines it (docs/product/institutions.md#colours-that-stay-readable):
 * the relative luminance of each sRGB colour, and the ratio (L1 + 0.05) / (L2 + 0.05) of the lighter
 * to the darker, from 1:1 to 21:1. Normal text needs at least 4.5:1 (success criterion 1.4.3, AA).
 */

/** The least contrast normal text needs (WCAG 2.x, 1.4.3 Contrast (Minimum), level AA). */
export const MIN_TEXT_CONTRAST = 4.5;

/** Body text everywhere in Meridian; also the dark text the app draws on a pale brand colour. */
export const DARK_TEXT = '#1F2933';
export const WHITE_TEXT = '#FFFFFF';

const HEX6 = /^#?([0-9a-f]{6})$/i;
const HEX3 = /^#?([0-9a-f]{3})$/i;

/** '#RRGGBB' or '#RGB' as 0–255 channels; null for anything else. */
export function parseHexColor(value: string): [number, number, number] | null {
  const v = value.trim();
  const long = HEX6.exec(v)?.[1];
  const short = HEX3.exec(v)?.[1];
  const hex = long ?? (short ? [...short].map((c) => c + c).join('') : null);
  if (!hex) return null;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of an sRGB colour (0 for black, 1 for white). */
export function relativeLuminance(color: string): number {
  const rgb = parseHexColor(color);
  if (!rgb) throw new Error(`not a #RRGGBB colour: ${color}`);
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    // WCAG 2.x writes 0.03928; the sRGB standard's 0.04045 gives the same result for 8-bit channels.
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21 (the order does not matter). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * A ratio as people read it, "4.48:1": two decimals at most, never rounded up to a threshold it does
 * not reach (4.497 reads 4.49, not 4.5), trailing zeros dropped ("1.6:1").
 */
export function formatContrast(ratio: number, threshold = MIN_TEXT_CONTRAST): string {
  let shown = Math.round(ratio * 100) / 100;
  if (ratio < threshold && shown >= threshold) shown = Math.floor(ratio * 100) / 100;
  return `${Number(shown.toFixed(2))}:1`;
}

/** The two brand colours an institution chooses (Site Settings, the set-up wizard). */
export type TBrandColorField = 'primaryColor' | 'secondaryColor';

export interface TBrandTextPairing {
  /** The text colour drawn on the brand colour. */
  text: string;
  /** How a person names it in a message: "White text", "Dark text". */
  name: string;
  ratio: number;
}

/**
 * The text Meridian draws on each brand colour: white on the primary colour (the app bar, buttons,
 * the login button); on the secondary colour (accents, the notification count) whichever of white
 * and the dark body text reads better.
 */
export function brandTextPairing(field: TBrandColorField, color: string): TBrandTextPairing {
  const white = { text: WHITE_TEXT, name: 'White text', ratio: contrastRatio(color, WHITE_TEXT) };
  if (field === 'primaryColor') return white;
  const dark = { text: DARK_TEXT, name: 'Dark text', ratio: contrastRatio(color, DARK_TEXT) };
  return dark.ratio > white.ratio ? dark : white;
}

/**
 * Why a brand colour cannot be used, or null when the text drawn on it reaches 4.5:1. Not a colour at
 * all is the format rule's business (null here). E.g. "White text on #F5D000 has a contrast of 1.51:1;
 * it needs at least 4.5:1."
 */
export function brandColorProblem(field: TBrandColorField, color: string): string | null {
  if (!parseHexColor(color)) return null;
  const pair = brandTextPairing(field, color);
  if (pair.ratio >= MIN_TEXT_CONTRAST) return null;
  const shown = color.trim().toUpperCase().replace(/^#?/, '#');
  return `${pair.name} on ${shown} has a contrast of ${formatContrast(pair.ratio)}; it needs at least ${MIN_TEXT_CONTRAST}:1.`;
}
