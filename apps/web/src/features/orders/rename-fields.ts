/** The one renaming of a 422 body lives in lib/form-errors.ts; this name is kept for the product-line dialog. */
export { renameFieldErrors as renameFields } from '@/lib/form-errors.ts';
