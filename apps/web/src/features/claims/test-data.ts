import type { AcknowledgementResult, ClaimBatchRow, ClaimDetail, ClaimRow, ReadyClaimRow } from '@dme/shared';

export function makeReadyRow(overrides: Partial<ReadyClaimRow> = {}): ReadyClaimRow {
  return {
    invoice_id: 812,
    invoice_date: '2026-03-04',
    service_date: '2026-03-02',
    patient: { id: 5, first_name: 'Rose', last_name: 'Hill' },
    payer: { id: 3, name: 'Medicare' },
    priority: 1,
    amount: 125.5,
    rejection: null,
    problems: [],
    ...overrides,
  };
}

export function makeClaimRow(overrides: Partial<ClaimRow> = {}): ClaimRow {
  return {
    id: 41,
    claim_number: 'C000041',
    invoice_id: 812,
    patient: { id: 5, first_name: 'Rose', last_name: 'Hill' },
    payer: { id: 3, name: 'Medicare' },
    priority: 1,
    amount: 125.5,
    status: 'created',
    batch_id: null,
    created: '2026-03-05T15:30:00.000Z',
    ...overrides,
  };
}

export function makeClaimDetail(overrides: Partial<ClaimDetail> = {}): ClaimDetail {
  return {
    ...makeClaimRow({ status: 'rejected', batch_id: 7 }),
    frequency: 1,
    original_claim_number: null,
    payer_claim_number: null,
    diagnoses: ['J449', 'G4733'],
    lines: [
      {
        line_number: 1,
        service_id: 301,
        hcpcs_code: 'E0601',
        modifiers: ['RR', 'KH'],
        description: 'CPAP device',
        units: 1,
        charge: 95.5,
        date_from: '2026-03-02',
        date_to: '2026-04-01',
        diagnosis_pointers: [2],
      },
      {
        line_number: 2,
        service_id: 302,
        hcpcs_code: 'A7030',
        modifiers: [],
        description: 'Full face mask',
        units: 1,
        charge: 30,
        date_from: '2026-03-02',
        date_to: '2026-03-02',
        diagnosis_pointers: [1, 2],
      },
    ],
    history: [
      { status: 'created', reason: '', user: 'Ada Admin', created: '2026-03-05T15:30:00.000Z' },
      { status: 'submitted', reason: '', user: 'Ada Admin', created: '2026-03-05T16:00:00.000Z' },
      {
        status: 'rejected',
        reason: 'Subscriber ID invalid',
        user: null,
        created: '2026-03-06T09:00:00.000Z',
      },
    ],
    remittance_lines: [],
    ...overrides,
  };
}

export function makeBatchRow(overrides: Partial<ClaimBatchRow> = {}): ClaimBatchRow {
  return {
    id: 7,
    file_name: 'claims-7.837',
    claims: 3,
    control_number: 1007,
    status: 'submitted',
    created: '2026-03-05T16:00:00.000Z',
    user: 'Ada Admin',
    ...overrides,
  };
}

export function makeAcknowledgement(overrides: Partial<AcknowledgementResult> = {}): AcknowledgementResult {
  return {
    id: 2,
    kind: '277CA',
    accepted: [{ claim_number: 'C000041', claim_id: 41 }],
    rejected: [{ claim_number: 'C000042', claim_id: 42, reason: 'Subscriber ID invalid' }],
    unknown: ['C999999'],
    ...overrides,
  };
}
