import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers, testQueryClient } from '@/test/render.tsx';
import { HoldIndicator } from './HoldIndicator.tsx';

const HOLDS = ['Prior authorization 88123 for E0193 ended 03/31/2026', 'No standard written order for E0601 on file'];

function show(node: ReactNode) {
  return render(<Providers client={testQueryClient()}>{node}</Providers>);
}

describe('HoldIndicator', () => {
  it('names every reason of a hold and lists them in a tooltip on hover and on focus', async () => {
    const user = userEvent.setup({ delay: null });
    show(<HoldIndicator holds={HOLDS} hold_release={null} />);
    const button = screen.getByRole('button', {
      name: 'On hold: Prior authorization 88123 for E0193 ended 03/31/2026; No standard written order for E0601 on file',
    });
    await user.hover(button);
    const tooltip = await screen.findByRole('tooltip');
    expect(within(tooltip).getByText('On hold')).toBeTruthy();
    expect(
      within(tooltip)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(HOLDS);
    await user.unhover(button);

    // The keyboard reaches it too (focus opens the tooltip).
    await user.tab();
    expect(document.activeElement).toBe(button);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
  });

  it('opens on a tap at once', async () => {
    show(<HoldIndicator holds={HOLDS.slice(0, 1)} />);
    const button = screen.getByRole('button', { name: `On hold: ${HOLDS[0]}` });
    fireEvent.touchStart(button);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
  });

  it('shows who released a hold and why, quietly', async () => {
    const user = userEvent.setup({ delay: null });
    show(
      <HoldIndicator
        holds={[]}
        hold_release={{ reason: 'Authorization faxed', holds: HOLDS, user: 'admin', created: '2026-03-02T15:00:00Z' }}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    const icon = screen.getByRole('img', { name: 'Hold released by admin: Authorization faxed' });
    await user.hover(icon);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Hold released by admin: Authorization faxed');
  });

  it('shows nothing when nothing holds the occurrence', () => {
    const { container } = show(<HoldIndicator holds={[]} hold_release={null} />);
    expect(container.querySelector('svg')).toBeNull();
  });
});
