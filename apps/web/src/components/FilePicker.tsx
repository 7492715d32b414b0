import { useRef, type ChangeEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';

/** A "Choose file" button over a hidden input, with the chosen file's name. */
export function FilePicker({
  label,
  file,
  onPick,
  disabled,
  accept,
  showLabel = true,
}: {
  label: string;
  file: File | null;
  onPick: (file: File | null) => void;
  disabled: boolean;
  /** The input's accept list (".csv,text/csv"). */
  accept: string;
  /** The label above the button; the input carries it as its name either way. */
  showLabel?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    onPick(event.target.files?.[0] ?? null);
    // Cleared, so the same file can be picked again after a fix.
    event.target.value = '';
  };
  return (
    <Stack spacing={0.5}>
      {showLabel ? (
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {/* A button that opens the hidden input: a label styled as a button is no button to assistive technology. */}
        <Button
          variant="outlined"
          startIcon={<AttachFileIcon />}
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          Choose file
        </Button>
        <input ref={input} type="file" hidden accept={accept} aria-label={label} onChange={onChange} />
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {file ? file.name : 'No file chosen'}
        </Typography>
      </Stack>
    </Stack>
  );
}
