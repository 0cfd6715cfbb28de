import { darken, getContrastRatio } from '@mui/material/styles';
import type { TBranding } from '@meridian/domain';
import { DEFAULT_BRANDING } from './branding';

const HEX = /^#[0-9a-fA-F]{6}$/;

function safeColor(value: string | undefined, fallback: string): string {
  return value && HEX.test(value.trim()) ? value.trim() : fallback;
}

/** The page background every screen shares (the theme's background.default). */
export const PAGE_BACKGROUND = '#f5f6f8';
/** Body text (the theme's text.primary). */
export const TEXT_COLOR = '#1f2933';

export interface TBrandColors {
  primary: string;
  /** The hover shade of the primary colour (MUI's primary.dark). */
  primaryDark: string;
  secondary: string;
  /** Text on the primary colour (white, or near-black on a pale brand colour), as MUI picks it at 4.5:1. */
  onPrimary: string;
  /** A focus ring must reach 3:1 against white; near-black for pale brand colours. */
  focus: string;
  /** Links and text in the primary colour need 4.5:1 on white. */
  link: string;
}

/**
 * The institution's colours and the ones derived from them for contrast (WCAG AA): the MUI theme
 * and the login page (drawn without MUI) use the same.
 */
export function brandColors(branding: Pick<TBranding, 'primaryColor' | 'secondaryColor'> | undefined): TBrandColors {
  const primary = safeColor(branding?.primaryColor, DEFAULT_BRANDING.primaryColor);
  const secondary = safeColor(branding?.secondaryColor, DEFAULT_BRANDING.secondaryColor);
  const onWhite = getContrastRatio(primary, '#ffffff');
  return {
    primary,
    // MUI derives primary.dark with its default tonal offset (0.2 × 1.5).
    primaryDark: darken(primary, 0.3),
    secondary,
    onPrimary: onWhite >= 4.5 ? '#fff' : 'rgba(0, 0, 0, 0.87)',
    focus: onWhite >= 3 ? primary : TEXT_COLOR,
    link: onWhite >= 4.5 ? primary : TEXT_COLOR,
  };
}
