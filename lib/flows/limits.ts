/** Limits shared by the browser (early feedback) and the server (enforcement). */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;
