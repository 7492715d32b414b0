import { useId } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { PDF_PREVIEW_MAX_WIDTH, PdfPreview, type PdfPreviewProps } from './PdfPreview.tsx';

export interface PdfPreviewDialogProps extends PdfPreviewProps {
  open: boolean;
  /** The dialog's heading (e.g. "Shipping ticket 12"). */
  heading: string;
  onClose: () => void;
}

/**
 * The PDF preview in a dialog at most 900 px wide. The document is fetched when the dialog
 * opens and its object URL released when it closes.
 */
export function PdfPreviewDialog({ open, heading, onClose, ...preview }: PdfPreviewDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: PDF_PREVIEW_MAX_WIDTH, width: '100%' } } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {heading}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>{open ? <PdfPreview {...preview} /> : null}</DialogContent>
    </Dialog>
  );
}
