import { fireEvent, render, screen, within } from '@testing-library/react';
import { SelectField } from '@/components/crud/select-field';

// The portal's one select outside a CrudForm: the list a person opens (the empty entry first, a disabled entry shown
// but not choosable) and the bare value its caller gets back.

describe('SelectField', () => {
  it('offers the empty entry first, then the options in order, a disabled one unchoosable', () => {
    const onChange = jest.fn();
    render(
      <SelectField
        label="Handler"
        value=""
        onChange={onChange}
        emptyOption="All"
        options={[
          { value: 'a', label: 'Ann', disabled: true },
          { value: 'b', label: 'Bo' },
        ]}
      />,
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Handler' }));
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Ann', 'Bo']);
    expect(within(list).getByRole('option', { name: 'Ann' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(within(list).getByRole('option', { name: 'Bo' }));
    expect(onChange).toHaveBeenCalledWith('b');
  });
});
