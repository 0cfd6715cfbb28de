// @vitest-environment happy-dom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG, STUDENT_REQUEST_CODES, studentRequestFields, type TStudentRequestField } from '@meridian/domain';
import { RequestField } from './request-field';

afterEach(cleanup);

const field = (name: string): TStudentRequestField => studentRequestFields('opt_stem_extend').find((f) => f.name === name)!;

/** One field kept in state as the request form keeps it; `saved` is what the form would send. */
function Harness({ f, error }: { f: TStudentRequestField; error?: string }) {
  const [value, setValue] = useState<unknown>('');
  return (
    <>
      <RequestField field={f} value={value} required={false} error={error} readOnly={false} onChange={setValue} onBlur={() => undefined} />
      <output data-testid="saved">{String(value)}</output>
    </>
  );
}

// An EIN is 9 digits written XX-XXXXXXX (IRS); a U.S. phone 10 digits (North American Numbering Plan).
// Typed as people write them, nothing is cut, and the punctuation comes out when the field is left
// (docs/product/ui.md#digits-amounts-and-text).
describe('a number typed with punctuation', () => {
  it('keeps an EIN typed as 12-3456789 whole while typing and as its 9 digits once left', () => {
    render(<Harness f={field('employer_ein')} />);
    const input = screen.getByRole('textbox', { name: 'Employer EIN' });
    fireEvent.change(input, { target: { value: '12-3456789' } });
    expect((input as HTMLInputElement).value).toBe('12-3456789');
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe('123456789');
    expect(screen.getByTestId('saved').textContent).toBe('123456789');
  });

  it('keeps a phone typed as 217-555-0199 or (217) 555-0199 as its 10 digits, none dropped', () => {
    for (const typed of ['217-555-0199', '(217) 555-0199', '+1 217 555 0199']) {
      render(<Harness f={field('supervisor_phone')} />);
      const input = screen.getByRole('textbox', { name: 'Supervisor phone' });
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      expect(screen.getByTestId('saved').textContent, typed).toBe('2175550199');
      cleanup();
    }
  });

  it('never cuts a number one digit too long: it stays for its message to point at', () => {
    render(<Harness f={field('employer_ein')} error={MSG.invalidLength} />);
    const input = screen.getByRole('textbox', { name: 'Employer EIN' });
    fireEvent.change(input, { target: { value: '12-34567890' } });
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe('1234567890');
    // The message keeps the format hint beside it.
    expect(screen.getByText(MSG.invalidLength)).toBeTruthy();
    expect(screen.getByText('9 digits, e.g. 12-3456789.')).toBeTruthy();
  });
});

/** A field by name from whichever request asks it. */
const anyField = (name: string): TStudentRequestField =>
  STUDENT_REQUEST_CODES.flatMap((c) => studentRequestFields(c)).find((f) => f.name === name)!;

// A whole number (hours per week) was once typed through a key filter and a length cap; now what is
// typed stays, so a slip is the field's message, never a silently different number.
describe('a whole number as typed', () => {
  it('keeps every character typed or pasted, and takes only spaces out on leaving the field', () => {
    render(<Harness f={anyField('cpt_hours_per_week')} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Hours per week' });
    fireEvent.change(input, { target: { value: '2 0' } });
    expect(input.value).toBe('2 0');
    fireEvent.blur(input);
    expect(screen.getByTestId('saved').textContent).toBe('20');
  });

  it('never drops a letter or a decimal point: 12.5 stays 12.5 for the check to refuse, not 125', () => {
    render(<Harness f={anyField('cpt_hours_per_week')} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Hours per week' });
    fireEvent.change(input, { target: { value: '12.5' } });
    fireEvent.blur(input);
    expect(input.value).toBe('12.5');
    fireEvent.change(input, { target: { value: '120' } });
    expect(input.value).toBe('120');
  });
});
