import { describe, expect, it } from 'vitest';
import {
  callCustomerListQuerySchema,
  callCustomerUpdateSchema,
  callEligibilityListQuerySchema,
  callEligibilityUpdateSchema,
  checkEligibilityListQuerySchema,
  eligibilityUpdateSchema,
  expirationEditSchema,
  expirationListQuerySchema,
  expirationPatchSchema,
} from './schemas.ts';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('list queries', () => {
  it('expirations: both dates required, defaults per spec', () => {
    expect(issues(expirationListQuerySchema.safeParse({}))).toEqual({
      start_date: 'Start date is required',
      end_date: 'End date is required',
    });
    expect(expirationListQuerySchema.parse({ start_date: '2026-03-01', end_date: '2026-03-07' })).toEqual({
      start_date: '2026-03-01',
      end_date: '2026-03-07',
      search: '',
      page: 1,
      page_size: 25,
      facility: 'All',
      waiver: true,
      hide_solved: false,
    });
  });
  it('parses the wire forms of state, facility and booleans', () => {
    const q = expirationListQuerySchema.parse({
      start_date: '2026-03-01',
      end_date: '2026-03-07',
      state: '5',
      facility: 'no',
      waiver: 'false',
      hide_solved: 'true',
      page: '2',
      page_size: '100',
    });
    expect(q).toMatchObject({ state: 5, facility: 'No', waiver: false, hide_solved: true, page: 2, page_size: 100 });
    expect(expirationListQuerySchema.parse({ start_date: '2026-03-01', end_date: '2026-03-07', state: '' }).state).toBe(
      undefined,
    );
  });
  it('refuses bad values with field messages', () => {
    expect(issues(expirationListQuerySchema.safeParse({ start_date: '2026-03-08', end_date: '2026-03-07' }))).toEqual({
      start_date: 'The start date cannot be after the end date',
    });
    const r = expirationListQuerySchema.safeParse({
      start_date: '2026-03-01',
      end_date: '2026-03-07',
      facility: 'Maybe',
      waiver: 'perhaps',
      page_size: '101',
    });
    const e = issues(r);
    expect(e.facility).toBe('Facility must be All, Yes or No');
    expect(e.waiver).toBe('Must be a valid boolean.');
    expect(e.page_size).toBeDefined();
    expect(issues(expirationListQuerySchema.safeParse({ start_date: '2026-02-30', end_date: '2026-03-07' }))).toEqual({
      start_date: 'Invalid date',
    });
  });
  it('occurrence lists: dates optional, hidden_completed default true', () => {
    expect(callCustomerListQuerySchema.parse({})).toEqual({ search: '', page: 1, page_size: 25 });
    expect(checkEligibilityListQuerySchema.parse({ start_date: '', end_date: '' })).toEqual({
      search: '',
      page: 1,
      page_size: 25,
    });
    expect(callEligibilityListQuerySchema.parse({})).toMatchObject({ facility: 'All', hidden_completed: true });
    expect(callEligibilityListQuerySchema.parse({ hidden_completed: 'false' }).hidden_completed).toBe(false);
    expect(issues(callCustomerListQuerySchema.safeParse({ start_date: '2026-03-09', end_date: '2026-03-01' }))).toEqual(
      {
        start_date: 'The start date cannot be after the end date',
      },
    );
  });
});

describe('toggle bodies', () => {
  it('need a boolean', () => {
    expect(callCustomerUpdateSchema.parse({ customer_approved: true })).toEqual({ customer_approved: true });
    expect(issues(callCustomerUpdateSchema.safeParse({ customer_approved: 'yes' }))).toEqual({
      customer_approved: 'Must be a valid boolean.',
    });
    expect(issues(eligibilityUpdateSchema.safeParse({}))).toEqual({ eligibility_toggle: 'Must be a valid boolean.' });
  });
  it('call with eligibility takes exactly one toggle', () => {
    expect(callEligibilityUpdateSchema.parse({ eligibility_toggle: false })).toEqual({ eligibility_toggle: false });
    expect(callEligibilityUpdateSchema.parse({ customer_approved: true })).toEqual({ customer_approved: true });
    const none = issues(callEligibilityUpdateSchema.safeParse({}));
    const both = issues(callEligibilityUpdateSchema.safeParse({ eligibility_toggle: true, customer_approved: true }));
    expect(none).toEqual({ non_field_errors: 'Send exactly one of eligibility_toggle or customer_approved' });
    expect(both).toEqual(none);
    expect(issues(callEligibilityUpdateSchema.safeParse({ customer_approved: 1 }))).toMatchObject({
      customer_approved: 'Must be a valid boolean.',
    });
  });
});

describe('expiration edit', () => {
  it('note required, yellow date required when yellow', () => {
    expect(issues(expirationEditSchema.safeParse({ date: '2026-03-01', note: ' ', yellow: true }))).toEqual({
      note: 'Note is required',
      yellow_date: 'Yellow date is required',
    });
    expect(expirationEditSchema.parse({ date: '2026-03-01', note: 'Renew CMN', yellow: false })).toMatchObject({
      note: 'Renew CMN',
      yellow_date: null,
      waiver: false,
    });
  });
  it('the PATCH carries the Solved switch', () => {
    expect(expirationPatchSchema.parse({ solved: true, color: 'yellow' })).toEqual({ solved: true, color: 'yellow' });
    expect(expirationPatchSchema.safeParse({ color: 'green' }).success).toBe(false);
  });
});

describe('state filter', () => {
  it('reads the state id strictly, as every id is', () => {
    expect(callCustomerListQuerySchema.safeParse({ state: '0x1f' }).success).toBe(false);
    expect(callCustomerListQuerySchema.safeParse({ state: '31.0' }).success).toBe(false);
    expect(callCustomerListQuerySchema.safeParse({ state: '99999999999' }).success).toBe(false);
    const ok = callCustomerListQuerySchema.safeParse({ state: '31' });
    expect(ok.success && ok.data.state).toBe(31);
    const all = callCustomerListQuerySchema.safeParse({ state: 'all' });
    expect(all.success && all.data.state).toBe(undefined);
  });
});
