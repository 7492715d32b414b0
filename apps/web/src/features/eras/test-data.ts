import type { DenialRow, Era, EraClaim, EraLine, EraRow, UnderpaymentRow } from '@dme/shared';

export function makeEraLine(overrides: Partial<EraLine> = {}): EraLine {
  return {
    index: 0,
    line_control_number: '301',
    hcpcs: 'E0601',
    modifiers: ['RR', 'KH'],
    service_date: '2026-03-02',
    charge: 95.5,
    allowed: 80,
    paid: 64,
    units: 1,
    adjustments: [
      { group: 'CO', reason: '45', amount: 15.5, description: 'Charge exceeds fee schedule/maximum allowable' },
      { group: 'PR', reason: '2', amount: 16, description: 'Coinsurance amount' },
    ],
    remarks: [{ code: 'N130', description: 'Consult plan benefit documents for coverage' }],
    matched_service_id: 301,
    patient_responsibility: 16,
    state: 'posted',
    problem: '',
    ...overrides,
  };
}

export function makeEraClaim(overrides: Partial<EraClaim> = {}): EraClaim {
  return {
    index: 0,
    claim_number: 'C000041',
    status_code: '1',
    status: 'Processed as primary',
    charge: 125.5,
    paid: 64,
    patient_responsibility: 16,
    payer_claim_number: 'PCN-88',
    patient_name: 'Rose Hill',
    crossover_payer: '',
    matched_claim_id: 41,
    matched_invoice_id: 812,
    adjustments: [],
    remarks: [],
    state: 'posted',
    problem: '',
    lines: [
      makeEraLine(),
      makeEraLine({
        index: 1,
        line_control_number: '302',
        hcpcs: 'A7030',
        modifiers: [],
        charge: 30,
        allowed: null,
        paid: 0,
        adjustments: [{ group: 'CO', reason: '50', amount: 30, description: 'Not deemed a medical necessity' }],
        remarks: [],
        matched_service_id: 302,
        patient_responsibility: 0,
        state: 'denied',
      }),
    ],
    ...overrides,
  };
}

export function makeEra(overrides: Partial<Era> = {}): Era {
  return {
    id: 15,
    file_name: 'medicare-0402.835',
    payer_name: 'Medicare',
    payer_id: '04412',
    vendor: { id: 3, name: 'Medicare' },
    check_id: 9,
    check_number: 'EFT0042',
    check_date: '2026-04-02',
    total_paid: 64,
    payment_method: 'ACH',
    status: 'posted',
    created: '2026-04-02T14:00:00.000Z',
    user: 'Ada Admin',
    claims: [makeEraClaim()],
    provider_adjustments: [],
    posted_total: 64,
    unmatched_total: 0,
    ...overrides,
  };
}

export function makeEraRow(overrides: Partial<EraRow> = {}): EraRow {
  return {
    id: 15,
    file_name: 'medicare-0402.835',
    payer_name: 'Medicare',
    check_number: 'EFT0042',
    check_date: '2026-04-02',
    total_paid: 64,
    posted_total: 64,
    unmatched_total: 0,
    claims: 1,
    denied: 1,
    status: 'posted',
    created: '2026-04-02T14:00:00.000Z',
    ...overrides,
  };
}

export function makeDenialRow(overrides: Partial<DenialRow> = {}): DenialRow {
  return {
    id: 7,
    era_id: 15,
    claim_id: 41,
    claim_number: 'C000041',
    invoice_id: 812,
    service_id: 302,
    patient: { id: 5, first_name: 'Rose', last_name: 'Hill' },
    payer: { id: 3, name: 'Medicare' },
    service_date: '2026-03-02',
    hcpcs: 'A7030',
    amount: 30,
    adjustments: [{ group: 'CO', reason: '50', amount: 30, description: 'Not deemed a medical necessity' }],
    remarks: [{ code: 'M127', description: 'Missing patient medical record for this service' }],
    age_days: 45,
    status: 'open',
    note: '',
    ...overrides,
  };
}

export function makeUnderpaymentRow(overrides: Partial<UnderpaymentRow> = {}): UnderpaymentRow {
  return {
    id: 9,
    era_id: 3,
    claim_number: 'C000041',
    invoice_id: 812,
    service_id: 301,
    patient: { id: 5, first_name: 'Rose', last_name: 'Hill' },
    payer: { id: 3, name: 'Medicare' },
    service_date: '2026-03-02',
    hcpcs: 'E0601',
    expected: 101.15,
    allowed: 80,
    difference: 21.15,
    posted: '2026-04-02',
    ...overrides,
  };
}
