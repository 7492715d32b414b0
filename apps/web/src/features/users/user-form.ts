import { DEFAULT_ROLE_ID, type User } from '@dme/shared';

/** What the user form edits; the shared schema turns it into the request body. */
export interface UserFormValues {
  username: string;
  email: string;
  password: string;
  role_id: number | '';
  is_active: boolean;
  profile: {
    first_name: string;
    middle_name: string;
    last_name: string;
    address_1: string;
    address_2: string;
    city: string;
    zip: string;
    phone: string;
    mobile: string;
    fax: string;
    birthdate: string | null;
    state: number | null;
  };
}

export const emptyUserValues: UserFormValues = {
  username: '',
  email: '',
  password: '',
  role_id: DEFAULT_ROLE_ID,
  is_active: true,
  profile: {
    first_name: '',
    middle_name: '',
    last_name: '',
    address_1: '',
    address_2: '',
    city: '',
    zip: '',
    phone: '',
    mobile: '',
    fax: '',
    birthdate: null,
    state: null,
  },
};

export function userToFormValues(user: User): UserFormValues {
  const p = user.profile;
  return {
    username: user.username,
    email: user.email,
    password: '',
    role_id: user.role?.id ?? '',
    is_active: user.is_active,
    profile: {
      first_name: p.first_name,
      middle_name: p.middle_name,
      last_name: p.last_name,
      address_1: p.address_1,
      address_2: p.address_2,
      city: p.city,
      zip: p.zip,
      phone: p.phone,
      mobile: p.mobile,
      fax: p.fax,
      birthdate: p.birthdate,
      state: p.state?.id ?? null,
    },
  };
}

/** Fields a server 422 may name (everything else is shown as the general message). */
export const USER_FORM_FIELDS = [
  'username',
  'email',
  'password',
  'role_id',
  'is_active',
  'profile.first_name',
  'profile.middle_name',
  'profile.last_name',
  'profile.address_1',
  'profile.address_2',
  'profile.city',
  'profile.zip',
  'profile.phone',
  'profile.mobile',
  'profile.fax',
  'profile.birthdate',
  'profile.state',
] as const;
