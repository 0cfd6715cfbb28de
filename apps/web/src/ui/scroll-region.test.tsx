// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScrollRegion } from './scroll-region';

afterEach(cleanup);

function Table({ label }: { label?: string }) {
  return (
    <ScrollRegion data-testid="box">
      <table aria-label={label}>
        <tbody>
          <tr>
            <td>Chen, Wei</td>
          </tr>
        </tbody>
      </table>
    </ScrollRegion>
  );
}

describe('a box that scrolls', () => {
  // axe rule scrollable-region-focusable (WCAG 2.1.1 Keyboard): content that scrolls must be reachable by keyboard.
  it('is a keyboard stop and a region named after its table while its content is wider than it', () => {
    const proto = HTMLElement.prototype;
    const widths = Object.getOwnPropertyDescriptor(proto, 'scrollWidth');
    Object.defineProperty(proto, 'scrollWidth', { configurable: true, get: () => 900 });
    Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => 390 });
    try {
      render(<Table label="Students" />);
      const box = screen.getByTestId('box');
      expect(box.getAttribute('tabindex')).toBe('0');
      expect(screen.getByRole('region', { name: 'Students' })).toBe(box);
    } finally {
      if (widths) Object.defineProperty(proto, 'scrollWidth', widths);
      else delete (proto as { scrollWidth?: number }).scrollWidth;
      delete (proto as { clientWidth?: number }).clientWidth;
    }
  });

  it('is no tab stop while everything fits', () => {
    // happy-dom lays nothing out: content and box are the same width, as when a table fits.
    render(<Table label="Students" />);
    const box = screen.getByTestId('box');
    expect(box.hasAttribute('tabindex')).toBe(false);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
