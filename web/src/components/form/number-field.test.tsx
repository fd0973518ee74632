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

const feesSchema = z.object({ fees: requiredNumber('Lender fees are required') });

/** Lender fees, which may be a credit: the amount typed without a minus, and a box for a credit. */
function FeesForm({ onSubmit, initial = '' }: { onSubmit: (values: z.output<typeof feesSchema>) => void; initial?: string }) {
  const { control, handleSubmit, setValue } = useForm({ resolver: zodResolver(feesSchema), defaultValues: { fees: initial } });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <NumberField control={control} name="fees" label="Total lender fees" prefix="$" creditLabel="This is a credit from the lender" />
      <button type="button" onClick={() => setValue('fees', '-1250')}>
        Prefill
      </button>
      <button type="submit">Continue</button>
    </form>
  );
}

// Issue 25: a phone's decimal keypad has no minus sign; a lender credit is entered with a box.
describe('a lender fees field that may be a credit', () => {
  const fees = () => screen.getByRole('textbox', { name: 'Total lender fees' });
  const creditBox = () => screen.getByRole('checkbox', { name: 'This is a credit from the lender' });

  it('takes a credit typed without a minus sign and the box ticked from the keyboard, and submits it negative', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<FeesForm onSubmit={onSubmit} />);
    expect(fees()).toHaveAttribute('inputmode', 'decimal');
    expect(creditBox()).not.toBeChecked();
    await user.type(fees(), '1500');
    await user.tab();
    expect(creditBox()).toHaveFocus();
    await user.keyboard(' ');
    expect(creditBox()).toBeChecked();
    expect(fees()).toHaveValue('1,500');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith({ fees: -1500 }, expect.anything());
  });

  it('signs an amount typed after the box is ticked, and makes it a fee again when the box is cleared', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<FeesForm onSubmit={onSubmit} />);
    await user.click(creditBox());
    await user.type(fees(), '750');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ fees: -750 }, expect.anything());
    await user.click(creditBox());
    expect(fees()).toHaveValue('750');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ fees: 750 }, expect.anything());
  });

  it.each(['-1,500', '(1,500)', '-$1,500'])('still takes "%s" typed on a desktop: the box is ticked and the number sent is -1500', async (typed) => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<FeesForm onSubmit={onSubmit} />);
    await user.type(fees(), typed);
    expect(creditBox()).toBeChecked();
    await user.tab();
    expect(fees()).toHaveValue('1,500');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith({ fees: -1500 }, expect.anything());
  });

  it('shows a stored or prefilled credit as its amount with the box ticked', async () => {
    const user = userEvent.setup();
    render(<FeesForm onSubmit={vi.fn()} initial="-800" />);
    expect(fees()).toHaveValue('800');
    expect(creditBox()).toBeChecked();
    await user.clear(fees());
    expect(creditBox()).toBeChecked(); // retyping the amount keeps it a credit
    await user.click(screen.getByRole('button', { name: 'Prefill' }));
    expect(fees()).toHaveValue('1,250');
    expect(creditBox()).toBeChecked();
  });

  it('keeps what is no amount as typed, for the form to refuse', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<FeesForm onSubmit={onSubmit} />);
    await user.click(creditBox());
    await user.type(fees(), '12abc');
    await user.tab();
    expect(fees()).toHaveValue('12abc');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter a number')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
