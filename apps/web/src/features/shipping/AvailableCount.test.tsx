import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AvailableCount } from './AvailableCount.tsx';

describe('the batch dialogs’ count', () => {
  it('says how many it prints and how many on hold it leaves out', () => {
    render(<AvailableCount count={3} held={2} loading={false} failed={false} />);
    expect(screen.getByRole('status').textContent).toBe(
      '3 records available for print.2 on hold are left out until their documents are on file.',
    );
  });

  it('says nothing of holds when none is held', () => {
    render(<AvailableCount count={1} held={0} loading={false} failed={false} />);
    expect(screen.getByRole('status').textContent).toBe('1 record available for print.');
  });
});
