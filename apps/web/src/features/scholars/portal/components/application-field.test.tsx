// @vitest-environment happy-dom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { scholarFormDef, type TScholarFieldDef } from '@meridian/domain';
import { ApplicationField } from './application-field';

afterEach(cleanup);

/** A J-1 form's field by name. */
function j1Field(name: string): TScholarFieldDef {
  return scholarFormDef('J-1')!
    .sections.flatMap((s) => s.fields)
    .find((f) => f.name === name)!;
}

function Harness({ f, error }: { f: TScholarFieldDef; error?: string }) {
  const [value, setValue] = useState<unknown>('');
  return (
    <>
      <ApplicationField
        field={f}
        path={f.name}
        value={value}
        required={false}
        error={error}
        readOnly={false}
        onChange={setValue}
        onBlur={() => undefined}
      />
      <output data-testid="saved">{String(value)}</output>
    </>
  );
}

// A digits answer (whole dollars of funding) is kept as typed: no length cap, no characters dropped
// (docs/product/ui.md#digits-amounts-and-text); only spaces and hyphens come out on leaving the field.
describe('a digits answer on a scholar application', () => {
  it('keeps 55 000 as 55000 once the field is left', () => {
    render(<Harness f={j1Field('fundingPersonal')} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Personal funds' });
    fireEvent.change(input, { target: { value: '55 000' } });
    expect(input.value).toBe('55 000');
    fireEvent.blur(input);
    expect(screen.getByTestId('saved').textContent).toBe('55000');
  });

  it('never reads 55000.50 as 5500050: the cents stay for the message to point at, beside the hint', () => {
    render(<Harness f={j1Field('fundingPersonal')} error="Enter whole dollars: digits only, without cents." />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Personal funds' });
    fireEvent.change(input, { target: { value: '55000.50' } });
    fireEvent.blur(input);
    expect(input.value).toBe('55000.50');
    expect(screen.getByText('Enter whole dollars: digits only, without cents.')).toBeTruthy();
    expect(screen.getByText('Whole U.S. dollars')).toBeTruthy();
  });

  it('never cuts a number longer than the field allows', () => {
    render(<Harness f={j1Field('fundingPersonal')} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Personal funds' });
    fireEvent.change(input, { target: { value: '1234567890' } });
    expect(input.value).toBe('1234567890');
  });
});
