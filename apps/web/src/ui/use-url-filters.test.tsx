// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useUrlFilters } from './use-url-filters';

afterEach(cleanup);

function List() {
  const [filters, setFilters] = useUrlFilters({ title: 'active', tag: '' });
  const l = useLocation();
  return (
    <>
      {/* A person picks "All students" and presses Enter in Tag before the list draws again. */}
      <button
        onClick={() => {
          setFilters({ title: 'all' });
          setFilters({ tag: 'spring' });
        }}
      >
        both
      </button>
      <output data-testid="state">
        {filters.title}|{filters.tag}|{l.search}
      </output>
    </>
  );
}

describe('useUrlFilters', () => {
  it('keeps a list chosen and a filter typed at once: the second change starts from the first', () => {
    render(
      <MemoryRouter initialEntries={['/isss/students-list']}>
        <List />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'both' }));
    expect(screen.getByTestId('state').textContent).toMatch(/^all\|spring\|\?filters=/);
  });
});
