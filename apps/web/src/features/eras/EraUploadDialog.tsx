import { FileUploadDialog } from '@/components/FileUploadDialog.tsx';
import { useUploadEra } from './api/upload-era.ts';
import { EraImportSummary } from './EraImportSummary.tsx';

/** The files a clearinghouse or payer sends: X12 text under any of its usual extensions. */
const ERA_ACCEPT = '.835,.txt,.x12,.edi,.era';

/**
 * Upload 835: reads a remittance file, posts what it can match and shows each payment it held.
 * A refused file's reason (not an 835, or imported before) stays in the dialog. Render it only while open.
 */
export function EraUploadDialog({ onClose }: { onClose: () => void }) {
  const upload = useUploadEra();
  return (
    <FileUploadDialog
      title="Upload 835"
      intro="An 835 remittance file from a payer or the clearinghouse: each payment is posted on the claims it names; what cannot be matched waits on the remittance for a person to match it."
      accept={ERA_ACCEPT}
      fileLabel="835 file"
      upload={(file) => upload.mutateAsync(file)}
      busy={upload.isPending}
      renderResult={(eras) => <EraImportSummary eras={eras} />}
      onClose={onClose}
      maxWidth="md"
    />
  );
}
