import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DrawIcon from '@mui/icons-material/DrawOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPE_LABELS,
  formatDisplayDate,
  MSG,
  type PatientAttachment,
  type PatientDocument,
  type PatientOrder,
} from '@dme/shared';
import { DataTable, type Column } from '@/components/data-table/index.ts';
import { ProofOfDeliveryDialog } from '@/components/delivery/index.ts';
import { denseCellsSx } from '@/components/server-table/index.ts';
import { detailOf, failureMessage, isApiError } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notify.ts';
import { downloadAttachment } from '../../api/attachments.ts';
import { useDeleteDocument } from '../../api/delete-document.ts';
import { usePatientDocuments } from '../../api/get-patient-documents.ts';
import { Section } from '../Section.tsx';
import { useConfirmDelete } from '../use-confirm-delete.tsx';
import { DocumentDialog } from './DocumentDialog.tsx';
import { DocumentStateChip } from './DocumentStateChip.tsx';
import { documentDetails } from './document-text.ts';

interface DocumentsTabProps {
  patientId: number;
  orders: Pick<PatientOrder, 'id' | 'name'>[];
  attachments: PatientAttachment[];
}

/** "Standard written order 03/01/2026": what a row's buttons are named after. */
const documentName = (document: PatientDocument) =>
  `${DOCUMENT_TYPE_LABELS[document.type]} ${formatDisplayDate(document.date)}`;

/** A proof of delivery recorded in the product (signed in the browser): it cannot change. */
const isRecordedProof = (document: PatientDocument) => document.delivery !== null;

/** The dialog open over the tab: a document to add or edit, or a proof to read. */
type Open = { kind: 'edit'; document: PatientDocument | null } | { kind: 'proof'; document: PatientDocument };

/**
 * Edit Patient's Documents tab (issue 34): the patient's standard written orders, prior
 * authorizations, face-to-face encounters and proofs of delivery with where each stands today,
 * added, edited and deleted here; a recorded proof is read as its signed PDF.
 */
export function DocumentsTab({ patientId, orders, attachments }: DocumentsTabProps) {
  const notify = useNotify();
  const documents = usePatientDocuments(patientId);
  const remove = useDeleteDocument(patientId);
  const confirm = useConfirmDelete();
  const [open, setOpen] = useState<Open | null>(null);

  const attachmentOf = (document: PatientDocument) => attachments.find((a) => a.id === document.attachment_id);

  const viewAttachment = async (attachment: PatientAttachment) => {
    try {
      await downloadAttachment(attachment);
    } catch (error) {
      notify.error(failureMessage(error, MSG.requestFailed));
    }
  };

  const askDelete = (document: PatientDocument) =>
    confirm.ask(
      async () => {
        try {
          await remove.mutateAsync(document.id);
          notify.success(DOCUMENT_MESSAGES.deleted);
        } catch (error) {
          const reason = isApiError(error, 409) ? detailOf(error.body) : undefined;
          notify.error(reason ?? failureMessage(error, MSG.requestFailed));
        }
      },
      `The ${documentName(document).toLowerCase()} will be deleted.`,
    );

  const actions = (document: PatientDocument) => {
    const name = documentName(document);
    const attachment = attachmentOf(document);
    const locked = isRecordedProof(document);
    return (
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        {attachment ? (
          <Tooltip title={`View ${attachment.name}`}>
            <IconButton
              size="small"
              aria-label={`View attachment ${name}`}
              onClick={() => void viewAttachment(attachment)}
            >
              <AttachFileIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
        {locked && document.ocurrence_id !== null ? (
          <Tooltip title="View the signed proof of delivery">
            <IconButton
              size="small"
              aria-label={`View proof ${name}`}
              onClick={() => setOpen({ kind: 'proof', document })}
            >
              <DrawIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
        <Tooltip title={locked ? DOCUMENT_MESSAGES.proofMadeByDelivery : 'Edit'}>
          <span>
            <IconButton
              size="small"
              aria-label={`Edit ${name}`}
              disabled={locked}
              onClick={() => setOpen({ kind: 'edit', document })}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={locked ? DOCUMENT_MESSAGES.proofMadeByDelivery : 'Delete'}>
          <span>
            <IconButton
              size="small"
              color="error"
              aria-label={`Delete ${name}`}
              disabled={locked}
              onClick={() => askDelete(document)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    );
  };

  const columns: Column<PatientDocument>[] = [
    {
      id: 'type',
      header: 'Type',
      sortValue: (document) => DOCUMENT_TYPE_LABELS[document.type],
      cellSx: { fontWeight: 500 },
      render: (document) => DOCUMENT_TYPE_LABELS[document.type],
    },
    {
      id: 'date',
      header: 'Date',
      sortValue: (document) => document.date,
      cellSx: { whiteSpace: 'nowrap' },
      render: (document) => formatDisplayDate(document.date),
    },
    {
      id: 'details',
      header: 'Details',
      cellSx: { minWidth: 120 },
      render: (document) =>
        documentDetails(document).map((line) => (
          <Typography key={line} variant="body2" component="span" sx={{ display: 'block' }}>
            {line}
          </Typography>
        )),
    },
    {
      id: 'valid_through',
      header: 'Good through',
      sortValue: (document) => document.valid_through,
      cellSx: { whiteSpace: 'nowrap' },
      render: (document) => formatDisplayDate(document.valid_through) || '—',
    },
    {
      id: 'state',
      header: 'State',
      sortValue: (document) => document.state,
      render: (document) => <DocumentStateChip state={document.state} />,
    },
    { id: 'actions', header: 'Actions', align: 'right', render: actions },
  ];

  const proofOf = open?.kind === 'proof' ? open.document : null;
  const proof =
    proofOf && proofOf.ocurrence_id !== null ? { occurrenceId: proofOf.ocurrence_id, date: proofOf.date } : null;

  return (
    <Section
      title="Documents"
      action={
        <Button
          size="small"
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => setOpen({ kind: 'edit', document: null })}
        >
          Add document
        </Button>
      }
    >
      {documents.isError ? (
        <Typography color="error">{MSG.requestFailed}</Typography>
      ) : (
        // Six columns in the narrow side of Edit Patient: the dense cells, tighter still.
        <Box sx={denseCellsSx(0.75)}>
          <DataTable
            rows={documents.data}
            columns={columns}
            emptyItems="DOCUMENTS"
            emptyText="No documents yet"
            label="Documents"
            framed={false}
          />
        </Box>
      )}
      {open?.kind === 'edit' ? (
        <DocumentDialog
          patientId={patientId}
          document={open.document}
          orders={orders}
          attachments={attachments}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {proof ? (
        <ProofOfDeliveryDialog
          occurrenceId={proof.occurrenceId}
          subtitle={formatDisplayDate(proof.date)}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {confirm.dialog}
    </Section>
  );
}
