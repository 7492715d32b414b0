import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';

interface RowActionsProps {
  /** What the buttons act on, for their accessible names ("Edit insurance Aetna"). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Buttons before Edit (Add modifier ...). */
  children?: ReactNode;
}

/** Edit and delete icon buttons of a child row. */
export function RowActions({ name, onEdit, onDelete, children }: RowActionsProps) {
  return (
    <Stack direction="row" spacing={0.25} sx={{ justifyContent: 'flex-end', flexShrink: 0 }}>
      {children}
      <Tooltip title="Edit">
        <IconButton size="small" aria-label={`Edit ${name}`} onClick={onEdit}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton size="small" color="error" aria-label={`Delete ${name}`} onClick={onDelete}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
