import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  attachmentTooLargeMessage,
  attachmentFile,
  cleanPolicyNumber,
  contactPersonIssues,
  keptContacts,
  patientOrdering,
  patientStatusOrFallback,
} from './rules.ts';

describe('cleanPolicyNumber', () => {
  it('removes spaces, dots and dashes', () => {
    expect(cleanPolicyNumber(' 1EG4-TE5.MK 73 ')).toBe('1EG4TE5MK73');
    expect(cleanPolicyNumber('---...   ')).toBe('');
  });

  const piece = fc.oneof(fc.constantFrom(' ', '.', '-', '\t'), fc.string({ minLength: 1, maxLength: 3 }));

  it('never leaves a space, dot or dash and keeps every other character in order', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const input = pieces.join('');
        const out = cleanPolicyNumber(input);
        expect(out).not.toMatch(/[\s.-]/);
        expect(out).toBe([...input].filter((c) => !/[\s.-]/.test(c)).join(''));
      }),
    );
  });

  it('is idempotent and leaves clean numbers alone', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = cleanPolicyNumber(s);
        expect(cleanPolicyNumber(once)).toBe(once);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{0,15}$/), (s) => {
        expect(cleanPolicyNumber(s)).toBe(s);
      }),
    );
  });
});

describe('contact persons', () => {
  const rows = [
    { contact_name: 'Ann', contact_number: '', contact_relation: '' },
    { contact_name: ' ', contact_number: '515-555-0100', contact_relation: 'Son' },
  ];

  it('keeps the rows only when both switches are on', () => {
    expect(keptContacts({ call_before_delivery: true, contact_different_patient: true, contact_person: rows })).toEqual(
      rows,
    );
    expect(
      keptContacts({ call_before_delivery: true, contact_different_patient: false, contact_person: rows }),
    ).toEqual([]);
    expect(
      keptContacts({ call_before_delivery: false, contact_different_patient: true, contact_person: rows }),
    ).toEqual([]);
  });

  it('requires a name on each kept row', () => {
    expect(
      contactPersonIssues({ call_before_delivery: true, contact_different_patient: true, contact_person: rows }),
    ).toEqual([{ path: ['contact_person', 1, 'contact_name'], message: 'Is required' }]);
    expect(
      contactPersonIssues({ call_before_delivery: false, contact_different_patient: true, contact_person: rows }),
    ).toEqual([]);
  });
});

describe('list helpers', () => {
  it('reads the ordering and falls back to first_name', () => {
    expect(patientOrdering('-last_name')).toEqual({ field: 'last_name', desc: true });
    expect(patientOrdering('state')).toEqual({ field: 'state', desc: false });
    expect(patientOrdering('password_hash')).toEqual({ field: 'first_name', desc: false });
    expect(patientOrdering('-')).toEqual({ field: 'first_name', desc: false });
    expect(patientOrdering(undefined)).toEqual({ field: 'first_name', desc: false });
  });

  it('shows a missing status as Inactive', () => {
    expect(patientStatusOrFallback(null)).toBe('Inactive');
    expect(patientStatusOrFallback('Deceased')).toBe('Deceased');
    expect(patientStatusOrFallback('whatever')).toBe('Inactive');
  });
});

describe('attachments', () => {
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'utf8')] : p)));

  it('decides the type from the bytes and makes the name agree', () => {
    expect(attachmentFile('Scan.PDF', bytes('%PDF-1.7\n'), true)).toEqual({
      name: 'Scan.PDF',
      extension: 'pdf',
      contentType: 'application/pdf',
    });
    expect(attachmentFile('photo.png', bytes([0xff, 0xd8, 0xff, 0xe0]), true)).toEqual({
      name: 'photo.jpg',
      extension: 'jpg',
      contentType: 'image/jpeg',
    });
    expect(attachmentFile('report.pdf.exe', bytes('%PDF-1.4'), true)?.name).toBe('report.pdf');
    expect(attachmentFile('notes', bytes('Leave at the side door.'), true)?.name).toBe('notes.txt');
    expect(attachmentFile('list.csv', bytes('a,b\n1,2\n'), true)?.contentType).toBe('text/csv');
  });

  it('refuses what is not a document, whatever its name', () => {
    expect(attachmentFile('scan.png', bytes('MZ', [0x90, 0, 3, 0]), true)).toBeNull();
    expect(attachmentFile('page.txt', bytes('<!DOCTYPE html><p>hi'), true)).toBeNull();
    expect(attachmentFile('logo.png', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), true)).toBeNull();
    expect(attachmentFile('run.txt', bytes('#!/bin/sh\nrm -rf /\n'), true)).toBeNull();
  });

  it('strips control and bidirectional characters from names', () => {
    expect(attachmentFile('inv\u202Efdp.exe', bytes('%PDF-1.4'), true)?.name).toBe('invfdp.pdf');
    expect(attachmentFile('a\u0007b\u2066.txt', bytes('x'), true)?.name).toBe('ab.txt');
    expect(attachmentFile('C:\\Users\\me\\scan.pdf', bytes('%PDF-1.4'), true)?.name).toBe('scan.pdf');
  });

  it('writes the size limit in MB', () => {
    expect(attachmentTooLargeMessage(25 * 1024 * 1024)).toBe('The file is too large (max 25 MB)');
    expect(attachmentTooLargeMessage(Math.round(0.01 * 1024 * 1024))).toBe('The file is too large (max 0.01 MB)');
  });
});
