export { PdfPreview, PDF_PREVIEW_MAX_WIDTH, saveBlob } from './PdfPreview.tsx';
export { PdfPreviewDialog } from './PdfPreviewDialog.tsx';
