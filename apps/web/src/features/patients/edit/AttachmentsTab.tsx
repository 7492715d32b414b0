import { useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { ATTACHMENT_ACCEPT, PATIENT_MESSAGES, type PatientAttachment } from '@dme/shared';
import { isApiError } from '@/lib/api-client.ts';
import { isFieldErrorMap } from '@/lib/form-errors.ts';
import { useNotify } from '@/lib/notify.ts';
import { downloadAttachment, useDeleteAttachment, useUploadAttachment } from '../api/attachments.ts';
import { EmptyLine, Section } from './Section.tsx';
import { useConfirmDelete } from './use-confirm-delete.tsx';

export const ATTACHMENT_UPLOADED = 'The attachment has been uploaded!';
export const ATTACHMENT_DELETED = 'The attachment has been deleted!';

/** The server's reason for refusing an upload (type, size), else the general message. */
function uploadError(error: unknown): string {
  if (isApiError(error, 422) && isFieldErrorMap(error.body)) {
    const first = Object.values(error.body)[0]?.[0];
    if (first) return first;
  }
  return PATIENT_MESSAGES.requestFailed;
}

/** Tab 5 of Edit Patient: upload, download (with the session token) and delete files. */
export function AttachmentsTab({ patientId, attachments }: { patientId: number; attachments: PatientAttachment[] }) {
  const notify = useNotify();
  const upload = useUploadAttachment(patientId);
  const remove = useDeleteAttachment(patientId);
  const confirm = useConfirmDelete();
  const [downloading, setDownloading] = useState<number | null>(null);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clearing the input lets the same file be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      notify.success(ATTACHMENT_UPLOADED);
    } catch (error) {
      notify.error(uploadError(error));
    }
  };

  const onDownload = async (attachment: PatientAttachment) => {
    setDownloading(attachment.id);
    try {
      await downloadAttachment(attachment);
    } catch {
      notify.error(PATIENT_MESSAGES.requestFailed);
    } finally {
      setDownloading(null);
    }
  };

  const askDelete = (attachment: PatientAttachment) =>
    confirm.ask(async () => {
      try {
        await remove.mutateAsync(attachment.id);
        notify.success(ATTACHMENT_DELETED);
      } catch {
        notify.error(PATIENT_MESSAGES.requestFailed);
      }
    }, attachment.name);

  return (
    <Section
      title="Attachments"
      action={
        <Button
          component="label"
          size="small"
          variant="outlined"
          startIcon={upload.isPending ? <CircularProgress size={14} /> : <UploadIcon />}
          disabled={upload.isPending}
        >
          Upload File
          <input
            type="file"
            hidden
            accept={ATTACHMENT_ACCEPT}
            aria-label="Upload File"
            onChange={(event) => void onPick(event)}
          />
        </Button>
      }
    >
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        PDF, images, text, CSV, Word or Excel files.
      </Typography>
      {attachments.length === 0 ? (
        <EmptyLine>No attachments yet.</EmptyLine>
      ) : (
        <Box component="ul" aria-label="Attachments" sx={{ m: 0, p: 0 }}>
          {attachments.map((attachment) => (
            <Stack
              key={attachment.id}
              component="li"
              direction="row"
              spacing={1}
              sx={{
                alignItems: 'center',
                py: 0.5,
                borderBottom: 1,
                borderColor: 'divider',
                '&:last-of-type': { borderBottom: 0 },
              }}
            >
              {downloading === attachment.id ? (
                <CircularProgress size={18} aria-label="Downloading" />
              ) : (
                <AttachFileIcon fontSize="small" color="action" />
              )}
              <Link
                component="button"
                type="button"
                variant="body2"
                underline="hover"
                onClick={() => void onDownload(attachment)}
                sx={{ flexGrow: 1, textAlign: 'left', overflowWrap: 'anywhere' }}
              >
                {attachment.name}
              </Link>
              <Tooltip title="Delete">
                <IconButton
                  size="small"
                  color="error"
                  aria-label={`Delete ${attachment.name}`}
                  onClick={() => askDelete(attachment)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          ))}
        </Box>
      )}
      {confirm.dialog}
    </Section>
  );
}
