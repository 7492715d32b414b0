import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STATES } from '@/test/factories.ts';
import { mockApi } from '@/test/mock-api.ts';
import { Providers, testQueryClient } from '@/test/render.tsx';
import { StatePicker } from './StatePicker.tsx';

describe('StatePicker', () => {
  it('searches the US states from the server and reports the chosen id', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ 'GET /api/usa_states/': [200, STATES] });
    const onChange = vi.fn();
    render(
      <Providers client={testQueryClient()}>
        <StatePicker value={5} onChange={onChange} label="State" />
      </Providers>,
    );
    const input = screen.getByRole('combobox', { name: 'State' }) as HTMLInputElement;
    await vi.waitFor(() => expect(input.value).toBe('California'));
    await user.clear(input);
    await user.type(input, 'tex');
    await user.click(await screen.findByRole('option', { name: 'Texas' }));
    expect(onChange).toHaveBeenLastCalledWith(44);
    expect(calls.filter((c) => c.path === '/api/usa_states/')).toHaveLength(1);
  });
});
