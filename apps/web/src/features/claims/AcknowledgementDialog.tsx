import { FileUploadDialog } from '@/components/FileUploadDialog.tsx';
import { useUploadAcknowledgement } from './api/upload-acknowledgement.ts';
import { AcknowledgementSummary } from './AcknowledgementSummary.tsx';

/** The files a clearinghouse sends back: X12 text under any of its usual extensions. */
export const ACKNOWLEDGEMENT_ACCEPT = '.txt,.999,.277,.x12,.edi';

/**
 * Upload acknowledgement: reads a 999 or 277CA and shows what it did to which claims (the lists
 * behind refresh). A refused file's reason stays in the dialog. Render it only while open.
 */
export function AcknowledgementDialog({ onClose }: { onClose: () => void }) {
  const upload = useUploadAcknowledgement();
  return (
    <FileUploadDialog
      title="Upload acknowledgement"
      intro="A 999 or 277CA file from the clearinghouse: accepted claims move on, rejected ones go back to Ready to Bill with the payer's reason."
      accept={ACKNOWLEDGEMENT_ACCEPT}
      fileLabel="Acknowledgement file"
      upload={(file) => upload.mutateAsync(file)}
      busy={upload.isPending}
      renderResult={(result) => <AcknowledgementSummary result={result} />}
      onClose={onClose}
    />
  );
}
