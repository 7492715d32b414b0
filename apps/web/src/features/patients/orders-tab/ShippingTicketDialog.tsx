import { useQueryClient } from '@tanstack/react-query';
import { SHIPPING_MESSAGES, ticketFileName } from '@dme/shared';
import { PdfPreviewDialog } from '@/components/pdf-preview/index.ts';
import { useNotify } from '@/lib/notify.ts';
import { patientsKeys } from '../api/keys.ts';
import { printShippingTicket } from './api/print-shipping-ticket.ts';

interface ShippingTicketDialogProps {
  occurrenceId: number;
  /** "Ocurrence #n MM-DD-YYYY", for the heading. */
  title: string;
  onClose: () => void;
}

/**
 * Print shipping ticket from the patient's Orders tab: the ticket is printed once (stamped by the
 * server) and shown in the PDF preview with its Download button; then the patient is reloaded.
 */
export function ShippingTicketDialog({ occurrenceId, title, onClose }: ShippingTicketDialogProps) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const reloadPatient = () => void queryClient.invalidateQueries({ queryKey: patientsKeys.all });
  return (
    <PdfPreviewDialog
      open
      heading={`Shipping ticket: ${title}`}
      source={() => printShippingTicket(occurrenceId)}
      fileName={ticketFileName(occurrenceId)}
      title={`Shipping ticket ${occurrenceId}`}
      onLoaded={reloadPatient}
      onError={() => {
        notify.error(SHIPPING_MESSAGES.downloadError);
        reloadPatient();
      }}
      onClose={onClose}
    />
  );
}
