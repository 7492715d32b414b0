import Typography from '@mui/material/Typography';
import InfoIcon from '@mui/icons-material/InfoOutlined';

/** One line under a list's filters saying why nothing is listed yet. */
export function FilterHint({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Typography
      role="status"
      variant="body2"
      color="text.secondary"
      sx={{ flexBasis: '100%', display: 'flex', alignItems: 'center', gap: 0.75 }}
    >
      <InfoIcon fontSize="small" color="info" />
      {text}
    </Typography>
  );
}
