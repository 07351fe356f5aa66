import { render, screen, within } from '@testing-library/react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { RecordsTable } from '@/components/crud/records-table';

// The hand-made tables' frame: the headings a caller shows, and a loading or empty note across exactly those columns
// (a column left out for this caller, such as the bookings' instrument inside one instrument's detail, leaves the
// span with it).

const headers = ['Name', false, 'State'] as const;

describe('RecordsTable', () => {
  it('shows the headings given, leaving out the false ones', () => {
    render(
      <RecordsTable headers={headers} rows={[]} empty="none" aria-label="people">
        {() => null}
      </RecordsTable>,
    );
    const table = screen.getByRole('table', { name: 'people' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'State']);
  });

  it('spans the note row over the headings shown: loading before the answer, empty after none', () => {
    const { rerender } = render(
      <RecordsTable headers={headers} rows={null} loading="loading…" empty="none">
        {() => null}
      </RecordsTable>,
    );
    expect(screen.getByRole('cell', { name: 'loading…' })).toHaveAttribute('colspan', '2');
    rerender(
      <RecordsTable headers={headers} rows={[]} loading="loading…" empty="none">
        {() => null}
      </RecordsTable>,
    );
    expect(screen.getByRole('cell', { name: 'none' })).toHaveAttribute('colspan', '2');
  });

  it('gives each record the row its caller draws', () => {
    render(
      <RecordsTable headers={headers} rows={[{ id: 'a', name: 'Ann' }]} empty="none">
        {(row) => (
          <TableRow key={row.id}>
            <TableCell>{row.name}</TableCell>
            <TableCell>ok</TableCell>
          </TableRow>
        )}
      </RecordsTable>,
    );
    expect(screen.getByRole('cell', { name: 'Ann' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'none' })).toBeNull();
  });
});
