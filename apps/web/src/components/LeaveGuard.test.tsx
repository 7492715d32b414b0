import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { useLeaveGuard } from './LeaveGuard.tsx';

function FormScreen() {
  const navigate = useNavigate();
  const { register, formState, reset, getValues } = useForm({ defaultValues: { name: '' } });
  const guard = useLeaveGuard(formState.isDirty);
  const save = () => {
    guard.release();
    reset(getValues());
    void navigate('/saved');
  };
  return (
    <>
      <label>
        Name
        <input {...register('name')} />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <button type="button" onClick={save}>
        Save
      </button>
      {guard.dialog}
    </>
  );
}

const routes = [
  { path: '/form', Component: FormScreen },
  { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
  { path: '/saved', element: <h1>Saved page</h1> },
];

describe('useLeaveGuard', () => {
  it('lets a clean form go without asking', async () => {
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, { path: '/form', session: adminSession });
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await screen.findByRole('heading', { name: 'Elsewhere page' });
  });

  it('asks before leaving a dirty form; Cancel stays, Leave goes', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, { path: '/form', session: adminSession });
    await user.type(screen.getByLabelText('Name'), 'changed');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));

    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to leave?' });
    expect(dialog.textContent).toContain('You will lose your changes');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/form');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('changed');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'Elsewhere page' });
  });

  it('does not ask after a successful save that navigates away', async () => {
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, { path: '/form', session: adminSession });
    await user.type(screen.getByLabelText('Name'), 'changed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: 'Saved page' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('adds a browser unload prompt while dirty', async () => {
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, { path: '/form', session: adminSession });
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.type(screen.getByLabelText('Name'), 'x');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
