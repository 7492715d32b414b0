import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PatientPickerRow } from '@dme/shared';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { Providers, testQueryClient } from '@/test/render.tsx';
import { PatientSelect } from './PatientSelect.tsx';

const scottOld: PatientPickerRow = { id: 11, first_name: 'Christine', last_name: 'Scott', birthdate: '1941-02-03' };
const scottYoung: PatientPickerRow = { id: 12, first_name: 'Christine', last_name: 'Scott', birthdate: '1975-11-30' };
const allenA: PatientPickerRow = { id: 21, first_name: 'Eugene', last_name: 'Allen', birthdate: '1950-06-01' };
const allenB: PatientPickerRow = { id: 22, first_name: 'Eugene', last_name: 'Allen', birthdate: null };
const quade: PatientPickerRow = { id: 31, first_name: 'Zoe', last_name: 'Quade', birthdate: '1960-01-15' };

/** The server's answers: the unfiltered list, a unique last name, and a shared name. */
function answer(call: MockCall): readonly [number, PatientPickerRow[]] {
  const search = (call.query.get('search') ?? '').toLowerCase();
  if (search === '') return [200, [scottOld, scottYoung, allenA, allenB, quade]];
  if (search === 'quade') return [200, [quade]];
  if (search === 'christine scott') return [200, [scottOld, scottYoung]];
  return [200, []];
}

function Harness({ onChange }: { onChange: (p: PatientPickerRow | null) => void }) {
  const [value, setValue] = useState<PatientPickerRow | null>(null);
  return (
    <PatientSelect
      value={value}
      onChange={(p) => {
        setValue(p);
        onChange(p);
      }}
    />
  );
}

function renderSelect() {
  const onChange = vi.fn();
  render(
    <Providers client={testQueryClient()}>
      <Harness onChange={onChange} />
    </Providers>,
  );
  return { onChange, input: screen.getByRole('combobox', { name: 'Patient' }) as HTMLInputElement };
}

const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PatientSelect', () => {
  it('shows exactly what the search answered: no earlier rows, nothing pinned, in the server order', async () => {
    const user = userEvent.setup({ delay: null });
    const errors = vi.spyOn(console, 'error');
    const { calls } = mockApi({ 'GET /api/patients_list/': answer });
    const { onChange, input } = renderSelect();

    await user.click(input);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(5));
    // Same-named patients are told apart by their date of birth.
    expect(optionNames()).toEqual([
      'Christine ScottDOB 02/03/1941',
      'Christine ScottDOB 11/30/1975',
      'Eugene AllenDOB 06/01/1950',
      'Eugene AllenNo DOB',
      'Zoe QuadeDOB 01/15/1960',
    ]);

    await user.type(input, 'Quade');
    // While the search waits, the earlier answer is not offered as this one's.
    expect(optionNames()).toEqual([]);
    expect(within(screen.getByRole('presentation')).getByText('Loading…')).toBeTruthy();
    await waitFor(() => expect(optionNames()).toEqual(['Zoe QuadeDOB 01/15/1960']), { timeout: 3000 });
    await user.click(screen.getByRole('option', { name: /Zoe Quade/ }));
    expect(onChange).toHaveBeenLastCalledWith(quade);
    expect(input.value).toBe('Zoe Quade');

    // A new search after a choice does not pin the chosen patient above the answer.
    await user.clear(input);
    await user.type(input, 'Christine Scott');
    await waitFor(() => expect(optionNames()).toHaveLength(2), { timeout: 3000 });
    expect(optionNames()).toEqual(['Christine ScottDOB 02/03/1941', 'Christine ScottDOB 11/30/1975']);
    expect(calls.map((c) => c.query.get('search'))).toEqual([null, 'Quade', 'Christine Scott']);
    // Keys are ids: React saw no duplicate keys for the same-named rows.
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/same key/);
  });

  it('picks one of two same-named patients by date of birth', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /api/patients_list/': answer });
    const { onChange, input } = renderSelect();
    await user.click(input);
    await user.type(input, 'Christine Scott');
    const younger = await screen.findByRole('option', { name: /11\/30\/1975/ }, { timeout: 3000 });
    await user.click(younger);
    expect(onChange).toHaveBeenLastCalledWith(scottYoung);
  });
});
