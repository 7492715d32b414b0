import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { Providers, testQueryClient } from '@/test/render.tsx';
import { SelectField } from './SelectField.tsx';

interface Values {
  role_id: number | '';
}

function Form({ onValue, onChanged }: { onValue: (value: Values['role_id']) => void; onChanged?: () => void }) {
  const { control, watch } = useForm<Values>({ defaultValues: { role_id: 7 } });
  onValue(watch('role_id'));
  return (
    <SelectField
      control={control}
      name="role_id"
      label="Role"
      options={[
        { value: 1, label: 'Administrator' },
        { value: 2, label: 'Staff' },
      ]}
      onChanged={onChanged}
    />
  );
}

describe('SelectField', () => {
  it('stores a numeric option as a number and shows a value outside the options as empty', async () => {
    const user = userEvent.setup({ delay: null });
    const values: unknown[] = [];
    const onChanged = vi.fn();
    render(
      <Providers client={testQueryClient()}>
        <Form onValue={(value) => values.push(value)} onChanged={onChanged} />
      </Providers>,
    );
    const select = screen.getByRole('combobox', { name: 'Role' });
    // 7 is not an option (e.g. the roles are still loading): nothing is shown.
    expect(select.textContent?.replace(/\u200b/g, '').trim()).toBe('');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Staff' }));
    expect(values.at(-1)).toBe(2);
    expect(onChanged).toHaveBeenCalledWith(2);
    expect(screen.getByRole('combobox', { name: 'Role' }).textContent).toContain('Staff');
  });
});
