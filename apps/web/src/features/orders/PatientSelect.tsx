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

const patientKey = (patient: PatientPickerRow) => patient.id;

/**
 * Searchable patient select over GET /api/patients_list/?search= (server-side search). The list is
 * exactly the answer to what is typed now, in the server's order: nothing from an earlier search,
 * no selected patient pinned on top, no re-filtering in the browser. Options are keyed by id and
 * show the date of birth, since two patients may share a name.
 */
export function PatientSelect({
  value,
  onChange,
  onBlur,
  disabled,
  required,
  error,
  helperText,
  name,
}: PatientSelectProps) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  // While the input shows the selected patient's name, the list is not narrowed by it.
  const typed = value && input === patientLabel(value) ? '' : input.trim();
  const search = useDebouncedValue(typed, PATIENT_SEARCH_DELAY_MS);
  const options = usePatientOptions(search, open && !disabled);
  const settled = typed === search && options.isSuccess;
  const rows = settled ? options.data : [];

  return (
    <Autocomplete
      options={rows}
      value={value}
      onChange={(_event, patient) => onChange(patient)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onBlur={onBlur}
      // The server filters and orders; the browser shows what it answered.
      filterOptions={(x) => x}
      getOptionLabel={patientLabel}
      getOptionKey={patientKey}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      loading={!settled}
      disabled={disabled}
      autoHighlight
      noOptionsText="No patients found"
      renderOption={({ key, ...props }, patient) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2">{patientLabel(patient)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {patient.birthdate ? `DOB ${formatDisplayDate(patient.birthdate)}` : 'No DOB'}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} name={name} label="Patient" required={required} error={error} helperText={helperText} />
      )}
    />
  );
}
