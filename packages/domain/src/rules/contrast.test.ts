import { describe, expect, it } from 'vitest';
import { brandColorProblem, brandTextPairing, contrastRatio, formatContrast, parseHexColor, relativeLuminance } from './contrast.js';

// Known pairs: WCAG 2.x's definitions of relative luminance and contrast ratio
// (https://www.w3.org/TR/WCAG21/#dfn-relative-luminance, #dfn-contrast-ratio) and the values
// WebAIM's contrast checker gives for the same pairs.
describe('contrast ratio (WCAG 2.x)', () => {
  it('black on white is 21:1 and a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#00796b', '#00796B')).toBeCloseTo(1, 5);
  });
  it('#777 on white is 4.48:1, just under the 4.5:1 normal text needs', () => {
    expect(contrastRatio('#777', '#fff')).toBeCloseTo(4.48, 2);
    expect(formatContrast(contrastRatio('#777777', '#ffffff'))).toBe('4.48:1');
  });
  it('known pairs: #767676 on white 4.54:1 (the lightest grey that passes), #595959 7:1, #00796B 5.32:1', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#595959', '#ffffff')).toBeCloseTo(7, 1);
    expect(contrastRatio('#00796b', '#ffffff')).toBeCloseTo(5.32, 2);
  });
  it('is symmetric, and luminance runs from 0 (black) to 1 (white)', () => {
    expect(contrastRatio('#ffffff', '#123456')).toBe(contrastRatio('#123456', '#ffffff'));
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
  });
  it('reads #RRGGBB and #RGB, nothing else', () => {
    expect(parseHexColor('#F5D000')).toEqual([245, 208, 0]);
    expect(parseHexColor('#abc')).toEqual([170, 187, 204]);
    expect(parseHexColor('red')).toBeNull();
    expect(parseHexColor('#12345')).toBeNull();
  });
  it('never shows a failing ratio rounded up to the threshold', () => {
    expect(formatContrast(4.497)).toBe('4.49:1');
    expect(formatContrast(1.6)).toBe('1.6:1');
    expect(formatContrast(21)).toBe('21:1');
  });
});

describe('brand colours', () => {
  it('refuses a primary colour white text cannot be read on, with the ratio', () => {
    expect(brandColorProblem('primaryColor', '#F5D000')).toBe('White text on #F5D000 has a contrast of 1.51:1; it needs at least 4.5:1.');
    expect(brandColorProblem('primaryColor', '#777777')).toBe('White text on #777777 has a contrast of 4.48:1; it needs at least 4.5:1.');
    expect(brandColorProblem('primaryColor', '#767676')).toBeNull();
    expect(brandColorProblem('primaryColor', '#00796b')).toBeNull();
  });
  it('pairs the secondary colour with white or dark text, whichever reads better, and refuses it only when neither reaches 4.5:1', () => {
    // The default gold carries dark text (white on it is 2.4:1).
    expect(brandTextPairing('secondaryColor', '#c9a227').name).toBe('Dark text');
    expect(brandColorProblem('secondaryColor', '#c9a227')).toBeNull();
    expect(brandColorProblem('secondaryColor', '#0a2240')).toBeNull();
    // A mid grey: white 4.48:1, the dark text less; the better of the two is named.
    expect(brandColorProblem('secondaryColor', '#777777')).toBe('White text on #777777 has a contrast of 4.48:1; it needs at least 4.5:1.');
  });
  it('leaves what is not a colour to the format rule', () => {
    expect(brandColorProblem('primaryColor', 'teal')).toBeNull();
  });
});
