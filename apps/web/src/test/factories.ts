import type { Page, User } from '@dme/shared';

let next = 100;

/** A user as GET /api/users/ returns it, with overrides. */
export function makeUser(
  overrides: Partial<Omit<User, 'profile'>> & { profile?: Partial<User['profile']> } = {},
): User {
  next += 1;
  const { profile, ...rest } = overrides;
  return {
    id: next,
    username: `user${next}`,
    email: `user${next}@example.com`,
    is_active: true,
    role: { id: 2, name: 'office_staff', label: 'Office Staff' },
    ...rest,
    profile: {
      first_name: 'First',
      middle_name: '',
      last_name: `Last${next}`,
      address_1: '',
      address_2: '',
      city: '',
      zip: '',
      phone: '',
      mobile: '',
      fax: '',
      birthdate: null,
      state: null,
      ...profile,
    },
  };
}

export const ROLES = [
  { id: 1, name: 'administrator', label: 'Administrator' },
  { id: 2, name: 'office_staff', label: 'Office Staff' },
  { id: 3, name: 'billing', label: 'Billing' },
];

export const STATES = [
  { id: 5, name: 'California', abbreviation: 'CA' },
  { id: 44, name: 'Texas', abbreviation: 'TX' },
];

/** A list page as the server answers it (one page of 25 holding every row unless told otherwise). */
export function page<T>(results: T[], count = results.length, pageSize = 25, current = 1): Page<T> {
  return { results, count, page_size: pageSize, current };
}

/** The mock answer of a list request: 200 with one page of the rows. */
export function pageAnswer<T>(results: T[]): readonly [200, Page<T>] {
  return [200, page(results)] as const;
}
