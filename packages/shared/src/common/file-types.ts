/**
 * What a file is, judged from its bytes (never from the browser's content type or the name):
 * a small table of signatures for the document and image types an office keeps. Used for
 * patient attachments and product photos alike.
 */

/** How many leading bytes the detector looks at. */
export const SNIFF_BYTES = 64 * 1024;

export interface FileTypeOption {
  extension: string;
  contentType: string;
}

export interface DetectedFile {
  kind:
    'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'tiff' | 'text' | 'docx' | 'xlsx' | 'office-zip' | 'doc' | 'xls' | 'ole2';
  /** Names this content may carry; the first is the one given to a name that matches none. */
  options: readonly FileTypeOption[];
  /**
   * The bytes fit several of the options and do not say which (an Office file whose parts lie
   * past the sniffed bytes): only a name with one of their extensions tells them apart.
   */
  ambiguous: boolean;
}

const PDF = [{ extension: 'pdf', contentType: 'application/pdf' }];
const PNG = [{ extension: 'png', contentType: 'image/png' }];
const JPEG = [
  { extension: 'jpg', contentType: 'image/jpeg' },
  { extension: 'jpeg', contentType: 'image/jpeg' },
];
const GIF = [{ extension: 'gif', contentType: 'image/gif' }];
const WEBP = [{ extension: 'webp', contentType: 'image/webp' }];
const TIFF = [
  { extension: 'tif', contentType: 'image/tiff' },
  { extension: 'tiff', contentType: 'image/tiff' },
];
const TEXT = [
  { extension: 'txt', contentType: 'text/plain' },
  { extension: 'csv', contentType: 'text/csv' },
];
const DOCX = [
  { extension: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
];
const XLSX = [{ extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }];
const DOC = [{ extension: 'doc', contentType: 'application/msword' }];
const XLS = [{ extension: 'xls', contentType: 'application/vnd.ms-excel' }];

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

function indexOf(bytes: Uint8Array, needle: readonly number[], from = 0): number {
  outer: for (let i = from; i <= bytes.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

const utf16 = (text: string) => [...text].flatMap((c) => [c.charCodeAt(0), 0]);

/** The entry names of a ZIP's local headers found in `bytes` (as far as their sizes let us walk). */
function zipEntryNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at + 30 <= bytes.length && startsWith(bytes, [0x50, 0x4b, 0x03, 0x04], at) && names.length < 64) {
    const flags = view.getUint16(at + 6, true);
    const compressed = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const extraLength = view.getUint16(at + 28, true);
    if (at + 30 + nameLength > bytes.length) break;
    names.push(new TextDecoder().decode(bytes.subarray(at + 30, at + 30 + nameLength)));
    // With a data descriptor (flag bit 3) the size is not in the header: the walk stops here.
    if (flags & 0x08) break;
    at += 30 + nameLength + extraLength + compressed;
  }
  return names;
}

/** Office Open XML: a ZIP whose parts include [Content_Types].xml; word/ or xl/ tells which. */
function officeZip(bytes: Uint8Array): DetectedFile | null {
  const names = zipEntryNames(bytes);
  const hasContentTypes = names.includes('[Content_Types].xml') || indexOf(bytes, ascii('[Content_Types].xml')) !== -1;
  if (!hasContentTypes) return null;
  const word = names.some((n) => n.startsWith('word/')) || indexOf(bytes, ascii('word/document.xml')) !== -1;
  const excel = names.some((n) => n.startsWith('xl/')) || indexOf(bytes, ascii('xl/workbook.xml')) !== -1;
  if (word && !excel) return { kind: 'docx', options: DOCX, ambiguous: false };
  if (excel && !word) return { kind: 'xlsx', options: XLSX, ambiguous: false };
  return { kind: 'office-zip', options: [...DOCX, ...XLSX], ambiguous: true };
}

/** Legacy Office (OLE2 compound file): its directory names the Word or Excel stream. */
function compoundFile(bytes: Uint8Array): DetectedFile {
  const word = indexOf(bytes, utf16('WordDocument')) !== -1;
  const excel = indexOf(bytes, utf16('Workbook')) !== -1 || indexOf(bytes, utf16('Book\u0000')) !== -1;
  if (word && !excel) return { kind: 'doc', options: DOC, ambiguous: false };
  if (excel && !word) return { kind: 'xls', options: XLS, ambiguous: false };
  return { kind: 'ole2', options: [...DOC, ...XLS], ambiguous: true };
}

/** Markup or scripts a browser or a shell would run, even when sent as text. */
const ACTIVE_CONTENT =
  /<\s*(?:!doctype\s+html|html|head|body|script|iframe|frame|frameset|object|embed|svg|meta|link|style|img)\b|<\?(?:xml|php)|javascript:|vbscript:/i;
const SCRIPT_START = /^(?:#!|@echo\s+off)/i;

/** Control characters a text document does not hold (tab, line feed, form feed, carriage return are fine). */
function hasBinaryControls(bytes: Uint8Array): boolean {
  for (const b of bytes) {
    if (b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d) continue;
    if (b < 0x20 || b === 0x7f) return true;
  }
  return false;
}

/**
 * Checks text one chunk at a time: valid UTF-8, no NUL or other binary control characters,
 * nothing that looks like HTML, SVG or a script. `push` answers false at the first fault.
 */
export function createTextChecker(): { push(chunk: Uint8Array, last?: boolean): boolean } {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let tail = '';
  let first = true;
  return {
    push(chunk, last = false) {
      if (hasBinaryControls(chunk)) return false;
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: !last });
      } catch {
        return false;
      }
      const window = tail + text;
      if (first) {
        if (SCRIPT_START.test(window.replace(/^\uFEFF/, '').trimStart())) return false;
        first = false;
      }
      if (ACTIVE_CONTENT.test(window)) return false;
      // Keep enough of the end to catch a pattern split across two chunks.
      tail = window.slice(-32);
      return true;
    },
  };
}

/**
 * The type of a file from its first bytes (`complete` when they are the whole file), or null
 * when it is none of the allowed kinds: PDF, PNG, JPEG, GIF, WebP, TIFF, plain text (UTF-8),
 * Word and Excel documents (OOXML and legacy).
 */
export function detectFileType(head: Uint8Array, complete: boolean): DetectedFile | null {
  if (startsWith(head, ascii('%PDF-'))) return { kind: 'pdf', options: PDF, ambiguous: false };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'png', options: PNG, ambiguous: false };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'jpeg', options: JPEG, ambiguous: false };
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a')))
    return { kind: 'gif', options: GIF, ambiguous: false };
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8))
    return { kind: 'webp', options: WEBP, ambiguous: false };
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]))
    return { kind: 'tiff', options: TIFF, ambiguous: false };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return officeZip(head);
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return compoundFile(head);
  if (head.length > 0 && createTextChecker().push(head, complete)) {
    return { kind: 'text', options: TEXT, ambiguous: false };
  }
  return null;
}

/** Bidirectional overrides and marks that make "evil\u202Efdp.exe" read as "evilexe.pdf". */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A file name as stored and shown: base name only, without control or bidirectional characters. */
export function cleanFileName(filename: string | undefined): string {
  const base = (filename ?? '').replace(/\\/g, '/').split('/').pop() ?? '';
  return base.replace(UNSAFE_NAME_CHARACTERS, '').trim().slice(0, 255);
}

const EXTENSION = /\.([a-z0-9]{1,8})$/i;

/**
 * The name and type a detected file is kept under. A name whose final extension is one of the
 * content's keeps it; otherwise that extension is replaced by the content's own ("scan.png"
 * holding a JPEG becomes "scan.jpg", "report.pdf.exe" holding a PDF becomes "report.pdf").
 * Null when the content is ambiguous and the name does not settle it.
 */
export function nameForContent(
  filename: string,
  detected: DetectedFile,
  fallbackBase = 'attachment',
): { name: string; extension: string; contentType: string } | null {
  const match = EXTENSION.exec(filename);
  const ext = match?.[1].toLowerCase();
  const option = detected.options.find((o) => o.extension === ext);
  if (option) return { name: filename, ...option };
  if (detected.ambiguous) return null;
  const base = (match ? filename.slice(0, match.index) : filename).replace(/[.\s]+$/, '') || fallbackBase;
  // "report.pdf.exe": without its last extension the name already says what it holds.
  const inner = detected.options.find((o) => o.extension === EXTENSION.exec(base)?.[1].toLowerCase());
  if (inner) return { name: base, ...inner };
  const chosen = detected.options[0];
  return { name: `${base.slice(0, 250)}.${chosen.extension}`, ...chosen };
}
