import { proofOfDeliveryFileName } from '@dme/shared';
import { PdfPreviewDialog } from '@/components/pdf-preview/index.ts';
import { getDeliveryProof } from '@/lib/api/deliveries.ts';

interface ProofOfDeliveryDialogProps {
  occurrenceId: number;
  /** Which occurrence, in the heading ("Rose Miller, 05/01/2026"). */
  subtitle: string;
  onClose: () => void;
}

/** The signed proof of delivery in the PDF preview (fetched with the session, shown from a blob). */
export function ProofOfDeliveryDialog({ occurrenceId, subtitle, onClose }: ProofOfDeliveryDialogProps) {
  return (
    <PdfPreviewDialog
      open
      heading={`Proof of delivery: ${subtitle}`}
      source={() => getDeliveryProof(occurrenceId)}
      fileName={proofOfDeliveryFileName(occurrenceId)}
      title={`Proof of delivery ${occurrenceId}`}
      onClose={onClose}
    />
  );
}
