export { PdfPreview, PDF_PREVIEW_ERROR, PDF_PREVIEW_MAX_WIDTH, saveBlob, type PdfPreviewProps } from './PdfPreview.tsx';
export { PdfPreviewDialog, type PdfPreviewDialogProps } from './PdfPreviewDialog.tsx';
