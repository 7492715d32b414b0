import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  attachmentTooLargeMessage,
  attachmentType,
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
  const rows = [{ contact_name: 'Ann', contact_number: '', contact_relation: '' }, { contact_name: ' ', contact_number: '515-555-0100', contact_relation: 'Son' }];

  it('keeps the rows only when both switches are on', () => {
    expect(keptContacts({ call_before_delivery: true, contact_different_patient: true, contact_person: rows })).toEqual(rows);
    expect(keptContacts({ call_before_delivery: true, contact_different_patient: false, contact_person: rows })).toEqual([]);
    expect(keptContacts({ call_before_delivery: false, contact_different_patient: true, contact_person: rows })).toEqual([]);
  });

  it('requires a name on each kept row', () => {
    expect(contactPersonIssues({ call_before_delivery: true, contact_different_patient: true, contact_person: rows })).toEqual([
      { path: ['contact_person', 1, 'contact_name'], message: 'Is required' },
    ]);
    expect(contactPersonIssues({ call_before_delivery: false, contact_different_patient: true, contact_person: rows })).toEqual([]);
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
  it('accepts documents and images by extension or content type', () => {
    expect(attachmentType('Scan.PDF', 'application/octet-stream')).toEqual({ extension: 'pdf', contentType: 'application/pdf' });
    expect(attachmentType('photo.jpeg', undefined)).toEqual({ extension: 'jpeg', contentType: 'image/jpeg' });
    expect(attachmentType('blob', 'image/png')).toEqual({ extension: 'png', contentType: 'image/png' });
    expect(attachmentType('list.xlsx', '')?.contentType).toContain('spreadsheetml');
  });

  it('refuses other types', () => {
    expect(attachmentType('run.exe', 'application/x-msdownload')).toBeNull();
    expect(attachmentType('page.html', 'text/html')).toBeNull();
    expect(attachmentType('noext', undefined)).toBeNull();
  });

  it('writes the size limit in MB', () => {
    expect(attachmentTooLargeMessage(25 * 1024 * 1024)).toBe('The file is too large (max 25 MB)');
    expect(attachmentTooLargeMessage(Math.round(0.01 * 1024 * 1024))).toBe('The file is too large (max 0.01 MB)');
  });
});
