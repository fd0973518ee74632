import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { requiredNumber } from '@/lib/form';
import { NumberField } from './number-field';

const schema = z.object({ price: requiredNumber('Purchase price is required') });

/** A form of one dollar amount, as the wizards hold them: text in the form, a number out of its schema. */
function PriceForm({ onSubmit, initial = '' }: { onSubmit: (values: z.output<typeof schema>) => void; initial?: string }) {
  const { control, handleSubmit, setValue } = useForm({ resolver: zodResolver(schema), defaultValues: { price: initial } });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <NumberField control={control} name="price" label="Purchase price" prefix="$" />
      <button type="button" onClick={() => setValue('price', '525000')}>
        Set
      </button>
      <button type="submit">Continue</button>
    </form>
  );
}

// Issue 25 §2: amounts are written with thousands separators, inputs included.
describe('a dollar amount field', () => {
  it('shows "400000" as "400,000" once left, for a phone\'s decimal keyboard, and submits the number 400000', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<PriceForm onSubmit={onSubmit} />);
    const price = screen.getByRole('textbox', { name: 'Purchase price' });
    expect(price).toHaveAttribute('inputmode', 'decimal');
    await user.type(price, '400000');
    expect(price).toHaveValue('400000');
    await user.tab();
    expect(price).toHaveValue('400,000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith({ price: 400000 }, expect.anything());
  });

  it('accepts "$400,000" pasted, and edits a grouped amount', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<PriceForm onSubmit={onSubmit} />);
    const price = screen.getByRole('textbox', { name: 'Purchase price' });
    await user.click(price);
    await user.paste('$400,000');
    await user.tab();
    expect(price).toHaveValue('400,000');
    await user.type(price, '5'); // typed at the end: 4,000,005 — no comma gets in the way
    await user.tab();
    expect(price).toHaveValue('4,000,005');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith({ price: 4000005 }, expect.anything());
  });

  it('shows a stored amount and one the form sets grouped', async () => {
    const user = userEvent.setup();
    render(<PriceForm onSubmit={vi.fn()} initial="2242.4" />);
    const price = screen.getByRole('textbox', { name: 'Purchase price' });
    expect(price).toHaveValue('2,242.4');
    await user.click(screen.getByRole('button', { name: 'Set' }));
    expect(price).toHaveValue('525,000');
  });

  it('keeps what is no amount as typed, for the form to refuse with its message', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<PriceForm onSubmit={onSubmit} />);
    const price = screen.getByRole('textbox', { name: 'Purchase price' });
    await user.type(price, '12abc');
    await user.tab();
    expect(price).toHaveValue('12abc');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter a number')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
