import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { birthdateSchema } from '@dme/shared';
import { DateField, INVALID_DATE } from './DateField.tsx';

const schema = z.object({ birthdate: birthdateSchema });

function Form({ initial }: { initial: string | null }) {
  const { control, watch, formState } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { birthdate: initial },
    mode: 'onChange',
  });
  return (
    <>
      <DateField control={control} name="birthdate" label="Birthdate" />
      <output aria-label="value">{String(watch('birthdate'))}</output>
      <output aria-label="valid">{String(formState.isValid)}</output>
    </>
  );
}

function hiddenInput(container: HTMLElement) {
  return container.querySelector('input[name="birthdate"]') as HTMLInputElement;
}

/** The picker's field is ready once its hidden input is rendered. */
async function fieldInput(container: HTMLElement) {
  await waitFor(() => expect(hiddenInput(container)).toBeTruthy());
  return hiddenInput(container);
}

const out = (name: string) => screen.getByRole('status', { name }).textContent;

describe('DateField', () => {
  it('shows a stored YYYY-MM-DD date as MM/DD/YYYY', () => {
    const { container } = render(<Form initial="1980-02-29" />);
    expect(hiddenInput(container).value).toBe('02/29/1980');
  });

  it('stores a typed date as YYYY-MM-DD', async () => {
    const { container } = render(<Form initial={null} />);
    fireEvent.change(await fieldInput(container), { target: { value: '01/15/1980' } });
    await waitFor(() => expect(out('value')).toBe('1980-01-15'));
    await waitFor(() => expect(out('valid')).toBe('true'));
  });

  it('says "Invalid date" and fails the schema for a date the picker rejects', async () => {
    const { container } = render(<Form initial="1980-01-15" />);
    // Before the picker's earliest date (1900-01-01).
    fireEvent.change(await fieldInput(container), { target: { value: '02/28/1850' } });
    await waitFor(() => expect(screen.getAllByText('Invalid date').length).toBeGreaterThan(0));
    await waitFor(() => expect(out('value')).toBe(INVALID_DATE));
    await waitFor(() => expect(out('valid')).toBe('false'));

    fireEvent.change(await fieldInput(container), { target: { value: '02/28/2021' } });
    await waitFor(() => expect(out('value')).toBe('2021-02-28'));
    await waitFor(() => expect(screen.queryByText('Invalid date')).toBeNull());
  });
});
