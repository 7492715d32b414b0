import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { OutlinedField, type OutlinedFieldProps } from './OutlinedField.tsx';

/** Password input with a show/hide button (light: the sign-in page uses it). */
export function PasswordField(props: Omit<OutlinedFieldProps, 'type' | 'endAdornment'>) {
  const [shown, setShown] = useState(false);
  return (
    <OutlinedField
      {...props}
      type={shown ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={shown ? 'Hide password' : 'Show password'}
            onClick={() => setShown((v) => !v)}
            edge="end"
            size="small"
          >
            {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
