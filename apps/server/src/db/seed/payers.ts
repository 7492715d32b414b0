import type { ClaimFilingIndicator } from '@dme/shared';
import { BLUE_CROSS, MEDICAID } from './patient-facts.ts';

/**
 * The demo office's payers: Medicare's DME contractor, each state's Medicaid plan and Blue Cross,
 * the commercial insurers an Iowa home medical equipment office bills most, and Cash for patients
 * who pay themselves, each with the electronic payer id, claim filing indicator (SBR09) and
 * claims address its 837P claims need. Payer ids are the clearinghouse ids these payers are
 * commonly reached by; a real office checks them against its clearinghouse's list.
 */
export interface DemoPayer {
  name: string;
  phone: string;
  payer_id: string;
  claim_filing_indicator: ClaimFilingIndicator | '';
  address_1: string;
  city: string;
  state: string;
  zip: string;
}

const MEDICARE = 'Medicare (Noridian JD DME)';

export const DEMO_PAYERS: DemoPayer[] = [
  payer(MEDICARE, '877-320-0390', '19003', 'MB', 'PO Box 6727', 'Fargo', 'ND', '581086727'),
  payer('Iowa Medicaid (IME)', '800-338-8366', 'IAMCD', 'MC', 'PO Box 150001', 'Des Moines', 'IA', '503150001'),
  payer('Amerigroup Iowa', '800-600-4441', '26375', 'MC', 'PO Box 61010', 'Virginia Beach', 'VA', '234661010'),
  payer('Iowa Total Care', '833-404-1061', '68069', 'MC', 'PO Box 8030', 'Farmington', 'MO', '636408030'),
  payer(
    'Wellmark Blue Cross Blue Shield',
    '800-524-9242',
    '88001',
    'BL',
    'PO Box 9232',
    'Des Moines',
    'IA',
    '503069232',
  ),
  payer('Aetna', '800-872-3862', '60054', 'CI', 'PO Box 981106', 'El Paso', 'TX', '799981106'),
  payer('UnitedHealthcare', '877-842-3210', '87726', 'CI', 'PO Box 30555', 'Salt Lake City', 'UT', '841300555'),
  payer('Humana Medicare Advantage', '800-457-4708', '61101', '16', 'PO Box 14601', 'Lexington', 'KY', '405124601'),
  payer('Cash', '515-555-0142', '', '', '', '', '', ''),
  payer(MEDICAID.AR, '800-482-5431', 'ARMCD', 'MC', 'PO Box 8036', 'Little Rock', 'AR', '722038036'),
  payer(MEDICAID.MO, '573-751-2896', 'MOMCD', 'MC', 'PO Box 5600', 'Jefferson City', 'MO', '651025600'),
  payer(MEDICAID.KS, '800-766-9012', 'KSMCD', 'MC', 'PO Box 3571', 'Topeka', 'KS', '666013571'),
  payer(MEDICAID.NE, '877-255-3092', 'NEMCD', 'MC', 'PO Box 95026', 'Lincoln', 'NE', '685095026'),
  payer(MEDICAID.IL, '877-782-5565', 'ILMCD', 'MC', 'PO Box 19105', 'Springfield', 'IL', '627949105'),
  payer(BLUE_CROSS.AR, '800-238-8379', '00520', 'BL', 'PO Box 2181', 'Little Rock', 'AR', '722032181'),
  payer(BLUE_CROSS.MO, '816-395-2222', '47171', 'BL', 'PO Box 419169', 'Kansas City', 'MO', '641419169'),
  payer(BLUE_CROSS.KS, '800-432-3990', '47163', 'BL', 'PO Box 239', 'Topeka', 'KS', '666010239'),
  payer(BLUE_CROSS.NE, '800-642-8980', '77780', 'BL', 'PO Box 3248', 'Omaha', 'NE', '681803248'),
  payer(BLUE_CROSS.IL, '800-972-8088', '00621', 'BL', 'PO Box 805107', 'Chicago', 'IL', '606805107'),
  payer('Cigna', '800-244-6224', '62308', 'CI', 'PO Box 188061', 'Chattanooga', 'TN', '374228061'),
  payer('Medica', '800-952-3455', '94265', 'CI', 'PO Box 30990', 'Salt Lake City', 'UT', '841300990'),
  payer('TRICARE For Life', '866-773-0404', 'TDDIR', 'CH', 'PO Box 7890', 'Madison', 'WI', '537077890'),
  payer('AARP Medicare Supplement', '800-523-5800', '36273', 'CI', 'PO Box 740819', 'Atlanta', 'GA', '303740819'),
];

function payer(
  name: string,
  phone: string,
  payerId: string,
  indicator: DemoPayer['claim_filing_indicator'],
  address: string,
  city: string,
  state: string,
  zip: string,
): DemoPayer {
  return { name, phone, payer_id: payerId, claim_filing_indicator: indicator, address_1: address, city, state, zip };
}

/** Plans whose payer (the vendor billed) has another name than the plan on the patient's card. */
const PAYER_OF_PLAN: Record<string, string> = {
  'Medicare Part B': MEDICARE,
  [MEDICAID.IA]: 'Iowa Medicaid (IME)',
  [BLUE_CROSS.IA]: 'Wellmark Blue Cross Blue Shield',
};

/** The vendor a seeded insurance plan bills. */
export function payerOfPlan(plan: string): string {
  return PAYER_OF_PLAN[plan] ?? plan;
}

/** Employer group plans: they carry a group number, and the insured may be the patient's spouse or parent. */
export const GROUP_PLANS = new Set<string>([
  ...Object.values(BLUE_CROSS),
  'UnitedHealthcare',
  'Aetna',
  'Cigna',
  'Medica',
]);
