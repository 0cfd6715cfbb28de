// @vitest-environment happy-dom
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WideTabs, type TWideTab } from './wide-tabs';

// The scholar profile's eleven tabs (docs/product/scholars-office.md#scholar-profile).
const LABELS = [
  'Department',
  'Beneficiary',
  'Additional Information',
  'H-1B Information',
  'H-1B I-129 Supplements',
  'Processing',
  'Request/Petition Status',
  'Requests',
  'Petitions',
  'History Log',
  'Documents',
];
const viewport = () => (window as unknown as { happyDOM: { setViewport: (v: { width: number; height: number }) => void } }).happyDOM;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  viewport().setViewport({ width: 1024, height: 768 });
});

function Harness({ errors = {} }: { errors?: Record<string, number> }) {
  const [tab, setTab] = useState('department');
  const tabs: TWideTab[] = LABELS.map((l) => {
    const key = l.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    return { key, label: l, errors: errors[key] ?? 0 };
  });
  return (
    <>
      <WideTabs label="Scholar profile tabs" value={tab} onChange={setTab} tabs={tabs} />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab}
      </div>
    </>
  );
}

describe('a wide tab set', () => {
  it('on a wide screen shows every tab at once, wrapping onto another row, without scroll buttons', () => {
    viewport().setViewport({ width: 1280, height: 800 });
    const { container } = render(<Harness />);
    expect(screen.getAllByRole('tab')).toHaveLength(11);
    expect(container.querySelector('.MuiTabScrollButton-root')).toBeNull();
    const flex = container.querySelector('.MuiTabs-flexContainer');
    expect(flex && getComputedStyle(flex).flexWrap).toBe('wrap');
  });

  it('on a narrower screen scrolls them, with a button at each end', () => {
    viewport().setViewport({ width: 390, height: 844 });
    const { container } = render(<Harness />);
    expect(container.querySelectorAll('.MuiTabScrollButton-root')).toHaveLength(2);
  });

  it('the arrow keys reach every tab, the last one included', () => {
    render(<Harness />);
    const tabs = screen.getAllByRole('tab');
    tabs[0]!.focus();
    for (let i = 0; i < 10; i += 1) fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Documents' }));
    fireEvent.click(document.activeElement!);
    expect(screen.getByRole('tabpanel').textContent).toBe('documents');
  });

  it('marks the tabs with errors, brings the first into view and names each one, a click away', () => {
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    const { rerender } = render(<Harness />);
    expect(scrolled).toEqual([]);
    act(() => rerender(<Harness errors={{ petitions: 2, 'history-log': 1 }} />));
    expect(screen.getByRole('tab', { name: 'Petitions (2 to fix)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'History Log (1 to fix)' })).toBeTruthy();
    expect(scrolled).toEqual(['tab-petitions']);
    const summary = screen.getByRole('group', { name: 'Tabs with fields to fix' });
    fireEvent.click(within(summary).getByRole('button', { name: 'History Log (1)' }));
    expect(screen.getByRole('tab', { name: 'History Log (1 to fix)' }).getAttribute('aria-selected')).toBe('true');
    // The same errors again do not pull the view back; fixed, the marks and the summary go.
    act(() => rerender(<Harness errors={{ petitions: 2, 'history-log': 1 }} />));
    expect(scrolled).toEqual(['tab-petitions']);
    act(() => rerender(<Harness />));
    expect(screen.queryByRole('group', { name: 'Tabs with fields to fix' })).toBeNull();
  });
});
