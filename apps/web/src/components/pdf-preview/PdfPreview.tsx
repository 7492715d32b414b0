import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { useNotify } from '@/lib/notify.ts';

/** Spec part 1 section 9: a PDF preview is at most 900 px wide. */
export const PDF_PREVIEW_MAX_WIDTH = 900;
export const PDF_PREVIEW_ERROR = 'PDF preview error';

export interface PdfPreviewProps {
  /**
   * Fetches the document. Read once per mount (remount with a new `key` to load again): a
   * ticket print stamps the ticket, so the call must never be repeated by a re-render.
   */
  source: () => Promise<Blob>;
  /** Name the Download button saves the file under. */
  fileName: string;
  /** Accessible name of the embedded document. */
  title?: string;
  height?: number | string;
  /** Called once the document arrived (e.g. reload the screen that changed on the server). */
  onLoaded?: (blob: Blob) => void;
  /** Called when the document could not be fetched; without it "PDF preview error" is notified. */
  onError?: (error: unknown) => void;
}

/** Saves a blob under `fileName` through a temporary link. */
export function saveBlob(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * A PDF shown in the page (at most 900 px wide) with a Download button. The document lives in an
 * object URL that is revoked when the preview goes away.
 */
export function PdfPreview({ source, fileName, title, height = '70vh', onLoaded, onError }: PdfPreviewProps) {
  const notify = useNotify();
  const [blob, setBlob] = useState<Blob | null>(null);
  const [failed, setFailed] = useState(false);
  const [href, setHref] = useState<string | null>(null);
  const started = useRef<Promise<Blob> | null>(null);
  const callbacks = useRef({ source, onLoaded, onError, notify });
  useEffect(() => {
    callbacks.current = { source, onLoaded, onError, notify };
  });

  useEffect(() => {
    let active = true;
    // Kept across StrictMode's second effect run, so the document is requested exactly once.
    started.current ??= callbacks.current.source();
    started.current.then(
      (result) => {
        if (!active) return;
        setBlob(result);
        callbacks.current.onLoaded?.(result);
      },
      (error: unknown) => {
        if (!active) return;
        setFailed(true);
        const { onError: report, notify: show } = callbacks.current;
        if (report) report(error);
        else show.error(PDF_PREVIEW_ERROR);
      },
    );
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    if (!blob) return undefined;
    const url = URL.createObjectURL(
      blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
    );
    setHref(url);
    return () => {
      URL.revokeObjectURL(url);
      setHref(null);
    };
  }, [blob]);

  return (
    <Stack spacing={1.5} sx={{ width: '100%', maxWidth: PDF_PREVIEW_MAX_WIDTH }}>
      <Box
        sx={{
          height,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'grey.100',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {failed ? (
          <Alert severity="error">{PDF_PREVIEW_ERROR}</Alert>
        ) : href ? (
          <Box
            component="iframe"
            src={href}
            title={title ?? fileName}
            sx={{ width: '100%', height: '100%', border: 0, bgcolor: 'common.white' }}
          />
        ) : (
          <CircularProgress size={32} aria-label="Loading document" />
        )}
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={!href}
          onClick={() => href && saveBlob(href, fileName)}
        >
          Download
        </Button>
      </Stack>
    </Stack>
  );
}
