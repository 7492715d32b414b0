import { describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useLeaveGuard } from '@/components/LeaveGuard.tsx';
import { adminSession, Providers, renderRoutes, testQueryClient } from '@/test/render.tsx';
import { ApiError } from './api-client.ts';
import { useSubmit, useSubmitForm, type SubmitFormSpec, type SubmitSpec } from './use-submit-form.ts';

interface Values {
  name: string;
  patient: string;
}
type Spec = Omit<SubmitFormSpec<Values, Values, { id: number }>, 'form'>;

function NameForm({ spec }: { spec: Spec }) {
  const form = useForm<Values>({ defaultValues: { name: '', patient: '' } });
  const onSubmit = useSubmitForm({ form, ...spec });
  const { errors } = form.formState;
  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label="Form">
      <label>
        Name
        <input {...form.register('name')} />
      </label>
      <label>
        Patient
        <input {...form.register('patient')} />
      </label>
      {errors.name ? <p>name: {errors.name.message}</p> : null}
      {errors.patient ? <p>patient: {errors.patient.message}</p> : null}
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm(spec: Spec) {
  render(
    <Providers client={testQueryClient()}>
      <NameForm spec={spec} />
    </Providers>,
  );
}

async function save() {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ann');
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('useSubmitForm', () => {
  it('sends the body, shows the success message and runs onSuccess with the answer', async () => {
    const submit = vi.fn(async () => ({ id: 7 }));
    const onSuccess = vi.fn();
    renderForm({ submit, successMessage: 'Saved!', onSuccess });
    await save();
    await screen.findByText('Saved!');
    expect(submit).toHaveBeenCalledWith({ name: 'Ann', patient: '' });
    expect(onSuccess).toHaveBeenCalledWith({ id: 7 });
  });

  it('puts a 422 under the named fields (renamed to the form’s names) and shows the error message', async () => {
    const onFieldErrors = vi.fn();
    renderForm({
      submit: () => Promise.reject(new ApiError(422, { name: ['Too short.'], patient_id: ['Gone.'], other: ['x'] })),
      fields: ['name', 'patient'],
      fieldNames: { patient_id: 'patient' },
      invalidMessage: 'The user already exists!',
      onFieldErrors,
    });
    await save();
    await screen.findByText('The user already exists!');
    expect(screen.getByText('name: Too short.')).toBeTruthy();
    expect(screen.getByText('patient: Gone.')).toBeTruthy();
    expect(onFieldErrors).toHaveBeenCalledWith(['name', 'patient']);
  });

  it("shows the spec's message for any other failure, by default 'The request could not be processed!'", async () => {
    const onSuccess = vi.fn();
    renderForm({ submit: () => Promise.reject(new ApiError(500, undefined)), onSuccess });
    await save();
    await screen.findByText('The request could not be processed!');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("says the server cannot be reached when no answer came back, whatever the screen's message", async () => {
    renderForm({
      submit: () => Promise.reject(new ApiError(0, undefined, 'Failed to fetch')),
      errorMessage: 'The request could not be processed!',
      errorText: () => 'Refused: shipped',
    });
    await save();
    await screen.findByText('Cannot reach the server. Check the connection and try again.');
    expect(screen.queryByText('Failed to fetch')).toBeNull();
  });

  it('takes the failure text from the error when the screen reads one', async () => {
    renderForm({
      submit: () => Promise.reject(new ApiError(400, { error: 'Shipped.' })),
      errorText: (error) => (error instanceof ApiError ? 'Refused: shipped' : undefined),
    });
    await save();
    await screen.findByText('Refused: shipped');
  });
});

describe('useSubmitForm in a dialog', () => {
  it('closes after the success message and onSuccess, and stays open after a failure', async () => {
    const order: string[] = [];
    const close = vi.fn(() => order.push('close'));
    const onSuccess = vi.fn(() => order.push('onSuccess'));
    renderForm({ submit: async () => ({ id: 7 }), successMessage: 'Saved!', onSuccess, close });
    await save();
    await screen.findByText('Saved!');
    expect(order).toEqual(['onSuccess', 'close']);

    cleanup();
    const stay = vi.fn();
    renderForm({ submit: () => Promise.reject(new ApiError(500, undefined)), close: stay });
    await save();
    await screen.findByText('The request could not be processed!');
    expect(stay).not.toHaveBeenCalled();
  });
});

function NoteButton({ spec }: { spec: SubmitSpec<{ body: string }, { id: number }> }) {
  const send = useSubmit(spec);
  return (
    <button type="button" onClick={() => void send({ body: 'Called' })}>
      Add
    </button>
  );
}

describe('useSubmit', () => {
  it("sends a body that is not a form's values and hands a 422's body to onInvalid", async () => {
    const submit = vi.fn(() => Promise.reject(new ApiError(422, { body: ['Too long.'] })));
    const onInvalid = vi.fn();
    const close = vi.fn();
    render(
      <Providers client={testQueryClient()}>
        <NoteButton spec={{ submit, invalidMessage: 'Not added', onInvalid, close }} />
      </Providers>,
    );
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Not added');
    expect(submit).toHaveBeenCalledWith({ body: 'Called' });
    expect(onInvalid).toHaveBeenCalledWith({ body: ['Too long.'] });
    expect(close).not.toHaveBeenCalled();
  });
});

function CreateScreen() {
  const navigate = useNavigate();
  const form = useForm<Values>({ defaultValues: { name: '', patient: '' } });
  const guard = useLeaveGuard(form.formState.isDirty);
  const onSubmit = useSubmitForm({
    form,
    submit: async () => ({ id: 42 }),
    successMessage: 'Created!',
    redirect: { navigate, guard, to: (created) => `/things/${created.id}`, state: { from: 'create' } },
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)}>
      <label>
        Name
        <input {...form.register('name')} />
      </label>
      <button type="submit">Save</button>
      {guard.dialog}
    </form>
  );
}

describe('useSubmitForm redirect', () => {
  it('leaves a dirty form without the leave warning and replaces the create form in history', async () => {
    const { router } = renderRoutes(
      [
        { path: '/start', element: <h1>Start</h1> },
        { path: '/things/create', Component: CreateScreen },
        { path: '/things/:id', element: <h1>Thing page</h1> },
      ],
      { path: '/start', session: adminSession },
    );
    await router.navigate('/things/create');
    await screen.findByRole('textbox', { name: 'Name' });
    await save();
    await screen.findByRole('heading', { name: 'Thing page' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.state).toEqual({ from: 'create' });
    // Back skips the create form: it was replaced by the created record's screen.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/start'));
  });
});
