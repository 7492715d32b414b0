import { useState } from 'react';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFormState, type Control, type UseFormRegister } from 'react-hook-form';
import type { Role } from '@dme/shared';
import { DateField } from '@/components/DateField.tsx';
import { PasswordField } from '@/components/PasswordField.tsx';
import { PhoneField } from '@/components/PhoneField.tsx';
import { StatePicker } from '@/components/StatePicker.tsx';
import { SelectField } from '@/components/SelectField.tsx';
import type { UserFormValues } from './user-form.ts';
import type { UserBody } from './use-user-form.ts';

interface UserFieldsProps {
  mode: 'create' | 'edit';
  control: Control<UserFormValues, unknown, UserBody>;
  register: UseFormRegister<UserFormValues>;
  roles: Role[];
  /** Nobody changes their own status. */
  isSelf?: boolean;
}

/** The one body of the Create User and Edit User forms. */
export function UserFields({ mode, control, register, roles, isSelf = false }: UserFieldsProps) {
  const { errors } = useFormState({ control });
  const [tab, setTab] = useState(0);
  const text = (name: Parameters<UseFormRegister<UserFormValues>>[0]) => register(name);

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
            User
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                {...text('profile.first_name')}
                label="First Name"
                required
                error={Boolean(errors.profile?.first_name)}
                helperText={errors.profile?.first_name?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                {...text('profile.middle_name')}
                label="Middle Name"
                error={Boolean(errors.profile?.middle_name)}
                helperText={errors.profile?.middle_name?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                {...text('profile.last_name')}
                label="Last Name"
                required
                error={Boolean(errors.profile?.last_name)}
                helperText={errors.profile?.last_name?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...text('username')}
                label="Username"
                required
                autoComplete="off"
                error={Boolean(errors.username)}
                helperText={errors.username?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...text('email')}
                label="Email"
                type="email"
                required
                autoComplete="off"
                error={Boolean(errors.email)}
                helperText={errors.email?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <PasswordField
                {...text('password')}
                label={mode === 'create' ? 'Password' : 'New Password'}
                required={mode === 'create'}
                autoComplete="new-password"
                error={Boolean(errors.password)}
                helperText={
                  errors.password?.message ??
                  (mode === 'edit' ? 'Leave blank to keep the current password' : 'At least 8 characters')
                }
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <DateField control={control} name="profile.birthdate" label="Birthdate" disableFuture />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <PhoneField control={control} name="profile.phone" label="Phone" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <PhoneField control={control} name="profile.mobile" label="Mobile" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <SelectField
                control={control}
                name="role_id"
                label="Role"
                required
                options={roles.map((role) => ({ value: role.id, label: role.label }))}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="is_active"
                render={({ field }) => (
                  <TextField
                    select
                    label="Status"
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ? 'active' : 'inactive'}
                    onChange={(event) => field.onChange(event.target.value === 'active')}
                    onBlur={field.onBlur}
                    disabled={isSelf}
                    helperText={isSelf ? 'You cannot change your own status' : undefined}
                  >
                    <MenuItem value="active">Active</MenuItem>
                    <MenuItem value="inactive">Inactive</MenuItem>
                  </TextField>
                )}
              />
            </Grid>
          </Grid>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Paper variant="outlined" sx={{ height: '100%' }}>
          <Tabs
            value={tab}
            onChange={(_event, next: number) => setTab(next)}
            sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab label="Address" id="user-tab-address" aria-controls="user-tabpanel-address" />
          </Tabs>
          <Grid
            container
            spacing={2}
            role="tabpanel"
            id="user-tabpanel-address"
            aria-labelledby="user-tab-address"
            hidden={tab !== 0}
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            <Grid size={12}>
              <TextField
                {...text('profile.address_1')}
                label="Address 1"
                error={Boolean(errors.profile?.address_1)}
                helperText={errors.profile?.address_1?.message}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                {...text('profile.address_2')}
                label="Address 2"
                error={Boolean(errors.profile?.address_2)}
                helperText={errors.profile?.address_2?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...text('profile.city')}
                label="City"
                error={Boolean(errors.profile?.city)}
                helperText={errors.profile?.city?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...text('profile.zip')}
                label="Zip"
                error={Boolean(errors.profile?.zip)}
                helperText={errors.profile?.zip?.message}
                slotProps={{ htmlInput: { maxLength: 10, inputMode: 'numeric' } }}
              />
            </Grid>
            <Grid size={12}>
              <Controller
                control={control}
                name="profile.state"
                render={({ field, fieldState }) => (
                  <StatePicker
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
            </Grid>
          </Grid>
        </Paper>
      </Grid>
    </Grid>
  );
}
