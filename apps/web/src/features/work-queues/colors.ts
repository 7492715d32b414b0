import type { SxProps, Theme } from '@mui/material/styles';
import type { AlertColor, ExpirationRowColor } from '@dme/shared';

type Color = ExpirationRowColor;

/** Soft tints for a whole row, a stronger accent for its left edge and dots (readable all day). */
export const TINTS: Record<Color, { background: string; hover: string; accent: string; label: string }> = {
  green: { background: '#edf7ee', hover: '#e2f1e4', accent: '#2e7d32', label: 'Green' },
  yellow: { background: '#fff8e1', hover: '#fdf0c9', accent: '#b7791f', label: 'Yellow' },
  red: { background: '#fdeeee', hover: '#f9e1e1', accent: '#c62828', label: 'Red' },
};

/** A row tinted by its colour, with an accent bar on its first cell. */
export function rowTint(color: Color): SxProps<Theme> {
  const tint = TINTS[color];
  return {
    backgroundColor: tint.background,
    '&.MuiTableRow-hover:hover': { backgroundColor: tint.hover },
    '& > td:first-of-type': { boxShadow: `inset 4px 0 0 ${tint.accent}` },
  };
}

/** What a screen reader hears for an expiration row's colour. */
export const EXPIRATION_COLOR_TEXT: Record<Color, string> = {
  green: 'Green: solved',
  yellow: 'Yellow: yellow date due in the range',
  red: 'Red: expiration due',
};

/** What a screen reader hears for the Alert cell (nothing is shown for "empty"). */
export const ALERT_TEXT: Record<Exclude<AlertColor, 'empty'>, string> = {
  green: 'Green: no expiration due, or solved',
  yellow: 'Yellow: yellow date within the range',
  red: 'Red: expires on this date of service',
};
