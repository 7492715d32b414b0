import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDisplayDate, type PatientPickerRow } from '@dme/shared';
import { usePatientOptions } from './api/get-patient-options.ts';
import { patientLabel } from './format.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/** Spec: the patient search of the order screens waits 1000 ms. */
export const PATIENT_SEARCH_DELAY_MS = 1000;

export interface PatientSelectProps {
  /** The selected patient (its label is kept even when the last search did not return it). */
  value: PatientPickerRow | null;
  onChange: (patient: PatientPickerRow | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  name?: string;
}

/** Searchable patient select over GET /api/patients_list/?search= (server-side search). */
export function PatientSelect({ value, onChange, onBlur, disabled, required, error, helperText, name }: PatientSelectProps) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  // While the input shows the selected patient's name, the list is not narrowed by it.
  const typed = value && input === patientLabel(value) ? '' : input.trim();
  const search = useDebouncedValue(typed, PATIENT_SEARCH_DELAY_MS);
  const options = usePatientOptions(search, open && !disabled);
  const rows = options.data ?? [];
  const list = value && !rows.some((p) => p.id === value.id) ? [value, ...rows] : rows;

  return (
    <Autocomplete
      options={list}
      value={value}
      onChange={(_event, patient) => onChange(patient)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onBlur={onBlur}
      // The server filters; the browser shows what it answered.
      filterOptions={(x) => x}
      getOptionLabel={patientLabel}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      loading={options.isFetching || typed !== search}
      disabled={disabled}
      autoHighlight
      noOptionsText="No patients found"
      renderOption={({ key, ...props }, patient) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2">{patientLabel(patient)}</Typography>
            {patient.birthdate ? (
              <Typography variant="caption" color="text.secondary">
                DOB {formatDisplayDate(patient.birthdate)}
              </Typography>
            ) : null}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} name={name} label="Patient" required={required} error={error} helperText={helperText} />
      )}
    />
  );
}
