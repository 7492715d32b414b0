import { useForm } from 'react-hook-form';
import {
  DOCUMENT_HCPCS_MAX,
  DOCUMENT_MESSAGES,
  documentCreateSchema,
  type DocumentCreateBody,
  type PatientAttachment,
  type PatientDocument,
  type PatientOrder,
} from '@dme/shared';
import { FormDialog } from '@/components/FormDialog.tsx';
import { detailOf, isApiError } from '@/lib/api-client.ts';
import { listTypedAsText, schemaResolver } from '@/lib/form-resolver.ts';
import { useSubmitForm } from '@/lib/use-submit-form.ts';
import { useCreateDocument } from '../../api/create-document.ts';
import { useUpdateDocument } from '../../api/update-document.ts';
import { DocumentFields } from './DocumentFields.tsx';
import {
  documentCreateBody,
  documentFieldNames,
  documentInput,
  documentToFormValues,
  documentUpdateBody,
  emptyDocumentValues,
  type DocumentFormValues,
} from './document-form.ts';

interface DocumentDialogProps {
  patientId: number;
  /** The document to edit; null adds one. */
  document: PatientDocument | null;
  orders: Pick<PatientOrder, 'id' | 'name'>[];
  attachments: PatientAttachment[];
  onClose: () => void;
}

/**
 * Add document and Edit document: checked with the shared schema as the server checks it (the
 * server's 422 messages land under their fields). Render it only while open.
 */
export function DocumentDialog({ patientId, document, orders, attachments, onClose }: DocumentDialogProps) {
  const create = useCreateDocument(patientId);
  const update = useUpdateDocument(patientId);
  const form = useForm<DocumentFormValues, unknown, DocumentCreateBody>({
    resolver: schemaResolver(documentCreateSchema, documentInput, listTypedAsText('hcpcs', DOCUMENT_HCPCS_MAX)),
    defaultValues: document ? documentToFormValues(document) : emptyDocumentValues,
    mode: 'onTouched',
  });
  const { control, register, getValues } = form;
  const onSubmit = useSubmitForm({
    form,
    submit: (body) =>
      document
        ? update.mutateAsync({ id: document.id, body: documentUpdateBody(body) })
        : create.mutateAsync(documentCreateBody(body)),
    successMessage: document ? DOCUMENT_MESSAGES.updated : DOCUMENT_MESSAGES.created,
    // A recorded proof of delivery cannot change (409): the server says so.
    errorText: (error) => (isApiError(error, 409) ? detailOf(error.body) : undefined),
    fields: () => documentFieldNames(getValues('type'), getValues('items').length),
    close: onClose,
  });
  const title = document ? 'Edit document' : 'Add document';

  return (
    <FormDialog title={title} onSubmit={onSubmit} onClose={onClose} control={control} submitLabel="Save">
      <DocumentFields
        mode={document ? 'edit' : 'create'}
        control={control}
        register={register}
        orders={orders}
        attachments={attachments}
      />
    </FormDialog>
  );
}
