/**
 * Plain words for the codes of an 835 remittance: CAS group and reason codes (CARC), remark codes
 * (RARC), claim statuses (CLP02) and provider-level adjustments (PLB), written for a billing clerk,
 * and the denial rule the import and the Denials queue share.
 */

/** Claim Adjustment Reason Codes (CAS02, CAS05 ...): why the payer paid less than the charge. */
export const CARC_WORDS: Readonly<Record<string, string>> = {
  '1': 'Deductible: the patient owes this toward their deductible',
  '2': 'Coinsurance: the patient owes this share of the allowed amount',
  '3': 'Copay: the patient owes this fixed co-payment',
  '4': 'The modifier does not fit the procedure code, or a required modifier is missing',
  '5': 'The procedure code or bill type does not fit the place of service',
  '6': "The procedure code does not fit the patient's age",
  '7': "The procedure code does not fit the patient's gender",
  '8': "The procedure code does not fit the provider's type or specialty (taxonomy)",
  '9': "The diagnosis does not fit the patient's age",
  '10': "The diagnosis does not fit the patient's gender",
  '11': 'The diagnosis does not support the procedure billed',
  '12': "The diagnosis does not fit the provider's type or specialty",
  '13': "The patient's date of death is before the date of service",
  '14': "The patient's date of birth is after the date of service",
  '15': 'The authorization number is missing, invalid, or does not cover these services or this provider',
  '16': 'The claim is missing information or has a billing error: see the remark codes for what to fix',
  '18': 'Exact duplicate of a claim or service already received',
  '19': "Work-related injury: bill the workers' compensation carrier",
  '20': 'Injury covered by a liability carrier: bill that carrier',
  '21': 'Injury covered by a no-fault carrier: bill that carrier',
  '22': 'Another payer may cover this first (coordination of benefits)',
  '23': 'Adjusted for what an earlier payer already paid or adjusted',
  '24': 'Covered under a capitation agreement or managed care plan',
  '26': "The service was before the patient's coverage began",
  '27': "The service was after the patient's coverage ended",
  '29': 'The time limit for filing this claim has passed',
  '31': 'The payer cannot identify the patient as its member',
  '32': 'The payer says the patient is not an eligible dependent',
  '33': 'The insured has no dependent coverage',
  '35': 'The lifetime benefit maximum has been reached',
  '39': 'The payer denied these services when authorization was requested',
  '45': 'Charge is above the fee schedule, maximum allowable or contracted rate: write off the difference',
  '49': 'Not covered: routine or preventive care the plan does not cover',
  '50': 'Not covered: the payer does not consider it medically necessary',
  '51': 'Not covered: pre-existing condition',
  '53': 'Not covered: services by a relative or a member of the same household',
  '55': 'The payer considers the item or treatment experimental or investigational',
  '56': 'The payer does not consider the treatment proven to be effective',
  '58': 'The payer considers the place of service inappropriate or invalid',
  '59': 'Reduced under the rules for multiple or concurrent procedures',
  '89': 'Professional fees were taken out of the charges',
  '90': 'Ingredient cost adjustment (drugs only)',
  '94': 'Processed for more than the charge',
  '95': "The plan's procedures were not followed",
  '96': 'Non-covered charge: see the remark codes for why',
  '97': 'Included in the payment for another service or item already processed (bundled)',
  '100': 'Payment was made to the patient or responsible party instead of the provider',
  '101': 'Predetermination: the expected payment once the services are done',
  '104': 'Managed care withholding',
  '107': 'The related or qualifying claim or service was not found on this claim',
  '108': 'The rent or purchase guidelines were not met',
  '109': 'Not covered by this payer: send the claim to the correct payer or contractor',
  '110': 'The billing date is before the date of service',
  '111': 'Not covered unless the provider accepts assignment',
  '112': 'The service was not furnished directly to the patient, or it is not documented',
  '114': 'The item or procedure is not approved by the FDA',
  '115': 'The procedure was postponed, cancelled or delayed',
  '116': 'The advance notice (ABN) the patient signed did not meet the requirements',
  '119': 'The benefit maximum for this period or occurrence has been reached',
  '125': 'Submission or billing error: see the remark codes for what to fix',
  '129': 'The information about earlier processing looks wrong',
  '131': 'Discount negotiated for this specific claim',
  '133': 'This service is pending further review by the payer',
  '136': "The prior payer's coverage rules were not followed",
  '140': "The patient's member ID and name do not match",
  '142': "The patient's monthly Medicaid liability (share of cost)",
  '144': 'Incentive adjustment, for example for a preferred product or service',
  '146': 'The diagnosis was not valid on the date of service',
  '147': 'The contracted rate has expired or is not on file',
  '148': 'Information from another provider was missing or incomplete',
  '149': 'The lifetime maximum for this kind of service or benefit has been reached',
  '150': 'The documents sent do not support this level of service',
  '151': 'The documents sent do not support this many services or this frequency',
  '152': 'The documents sent do not support this length of service',
  '153': 'The documents sent do not support this dosage',
  '154': "The documents sent do not support this many days' supply",
  '155': 'The patient refused the service',
  '163': 'The attachment or documentation named on the claim was not received',
  '164': 'The attachment or documentation named on the claim was not received in time',
  '166': "Submitted after this payer's responsibility for claims under this plan ended",
  '167': 'The diagnosis (or diagnoses) is not covered',
  '169': 'An alternate benefit was provided',
  '170': 'Not paid when billed by this type of provider',
  '171': 'Not paid when billed by this type of provider in this type of facility',
  '172': 'Adjusted because of the specialty of the provider who billed it',
  '173': 'The service or equipment was not prescribed by a physician',
  '174': 'The item was not prescribed before it was delivered',
  '175': 'The prescription or order is incomplete',
  '176': 'The prescription or order is not current',
  '177': 'The patient has not met the eligibility requirements',
  '181': 'The procedure (HCPCS) code was not valid on the date of service',
  '182': 'The modifier was not valid on the date of service',
  '183': 'The referring provider is not eligible to refer this service',
  '184': 'The ordering or prescribing provider is not eligible to order this service',
  '185': 'The rendering provider is not eligible to perform this service',
  '186': 'Adjusted for a change in the level of care',
  '187': 'Paid from a consumer spending account (FSA, HSA, HRA)',
  '188': 'Covered only when used as the FDA recommends',
  '189': 'A "not otherwise classified" code was billed where a specific code exists',
  '190': 'Included in the allowance for a qualifying skilled nursing facility stay',
  '192': 'Non-standard adjustment code from a paper remittance',
  '193': 'On review, the original decision stands: the claim was processed correctly',
  '197': 'Prior authorization, precertification or notification was not obtained',
  '198': 'The prior authorization or precertification was exceeded',
  '199': 'The revenue code and the procedure code do not match',
  '200': "The service was during a lapse in the patient's coverage",
  '201': 'The patient owes this under a set-aside or similar arrangement',
  '202': 'Not covered: personal comfort or convenience item',
  '203': 'The service was discontinued or reduced',
  '204': "Not covered under the patient's current benefit plan",
  '206': 'The NPI is missing',
  '207': 'The NPI is in an invalid format',
  '208': "The NPI does not match the payer's records",
  '209': 'Do not collect from the patient (refund if collected); it may be billed to the next payer',
  '210': 'The authorization or precertification was not received in time',
  '211': "Not covered: the drug's NDC is not eligible for rebate",
  '213': 'Does not comply with physician self-referral (Stark) rules or payer policy',
  '216': 'Based on the findings of a review organization',
  '222': 'This provider is over the contracted maximum of hours, days or units for the period',
  '223': 'Adjustment required by a federal, state or local law or regulation',
  '224': "The patient's identity may be stolen: identity must be verified for this and future claims",
  '225': 'Penalty or interest payment by the payer',
  '226': 'Information the payer asked us for was not sent, was late, or was incomplete',
  '227': 'Information the payer asked the patient for was not sent or was incomplete',
  '228': 'Denied because information a previous payer asked for was not supplied',
  '231': 'Mutually exclusive procedures: they cannot be done on the same day or in the same setting',
  '234': 'This procedure is not paid separately',
  '235': 'Sales tax',
  '236': 'This code or code/modifier pair is not allowed with another billed the same day (NCCI edits)',
  '237': 'Legislated or regulatory penalty: see the remark codes',
  '238': 'The claim spans covered and uncovered periods: this is the reduction for the uncovered part',
  '239': 'The claim spans covered and uncovered periods: bill them on separate claims',
  '242': 'The services were not provided by a network or primary care provider',
  '243': 'The services were not authorized by a network or primary care provider',
  '245': 'Withheld under a provider performance program',
  '246': 'Reporting-only code: it is not payable',
  '250': 'The attachment or document received was the wrong one',
  '251': 'The attachment or document received was incomplete or deficient',
  '252': 'An attachment or other documentation is needed to process this claim or service',
  '253': 'Sequestration: the mandated reduction in federal payments',
  '256': 'Not payable under the managed care contract',
  '258': 'Not covered while the patient is in custody or incarcerated',
  '261': "The procedure or service is inconsistent with the patient's history",
  '267': 'The claim spans more than one month: bill each month separately',
  '268': 'The claim spans two calendar years: send one claim per year',
  '270': "Not a benefit of this medical plan: send it to the patient's dental plan",
  '272': 'The coverage or program guidelines were not met',
  '273': 'The coverage or program guidelines were exceeded',
  '275': "The prior payer's patient responsibility (deductible, coinsurance, copay) is not covered",
  '276': 'Services the prior payer denied are not covered by this payer either',
  '279': 'The services were not provided by a preferred network provider',
  '282': 'The procedure or revenue code does not fit the type of bill',
  '284': 'The authorization number may be valid but does not apply to the services billed',
  '285': 'The appeal procedures were not followed',
  '286': 'The appeal time limits were not met',
  '287': 'The referral was exceeded',
  '288': 'There is no referral',
  '296': 'The authorization number may be valid but does not apply to this provider',
  '299': 'The billing provider is not eligible to be paid for this service',
  A1: 'Claim or service denied: see the remark codes for why',
  B4: 'Late filing penalty',
  B7: 'This provider was not certified or eligible to be paid for this service on this date',
  B8: 'An alternative service was available and should have been used',
  B9: 'The patient is enrolled in hospice',
  B10: 'Reduced because a component of the basic procedure was already paid',
  B11: 'Not covered by this payer: the claim was forwarded to the proper payer',
  B12: "The services are not documented in the patient's medical records",
  B13: 'Previously paid: this claim or service may have been paid in an earlier payment',
  B15: 'A qualifying service or item must be received and covered first, and it has not been',
  B16: '"New patient" qualifications were not met',
  B20: 'The service was partly or fully furnished by another provider',
  B22: 'Payment adjusted based on the diagnosis',
};

/** Remittance Advice Remark Codes (LQ*HE, MOA, MIA): more detail on an adjustment, or an alert. */
export const RARC_WORDS: Readonly<Record<string, string>> = {
  M2: 'Not paid separately while the patient is an inpatient',
  M3: 'The patient already has the same or similar equipment',
  M4: 'Alert: this is the last monthly installment payment for this equipment',
  M5: 'Rental payments can continue to the 15th month, or until the equipment is no longer needed if sooner',
  M6: 'Alert: you must furnish and service this item for the rest of its reasonable useful lifetime',
  M7: 'No rental payments after the item is purchased or the rentals paid equal the purchase price',
  M8: 'Blood gas results are not accepted from a supplier, or from a test taken while on oxygen',
  M9: 'Alert: tenth rental month: offer the patient the choice of changing the rental to a purchase',
  M10: 'Equipment purchases are limited to the first or the tenth month of medical necessity',
  M11: "DME, orthotics and prosthetics must be billed to the DME contractor for the patient's ZIP code",
  M15: 'Services billed separately were bundled as parts of the same procedure: no separate payment',
  M16: "Alert: see the payer's website, mailings or bulletins for more on this policy",
  M20: 'The HCPCS code is missing, incomplete or invalid',
  M21: "The patient's place of residence is missing, incomplete or invalid",
  M23: 'The invoice is missing',
  M25: 'The information sent does not show the need for this level of service',
  M36: 'Eleventh rental month: not paid until you show the patient was offered the purchase option',
  M39: 'The patient is not liable: the advance notice (ABN) did not meet program requirements',
  M47: 'The internal or document control number is missing, incomplete or invalid',
  M51: 'The procedure code is missing, incomplete or invalid',
  M53: 'The days or units of service are missing, incomplete or invalid',
  M54: 'The total charge is missing, incomplete or invalid',
  M56: 'The payer identifier is missing, incomplete or invalid',
  M60: 'The Certificate of Medical Necessity (CMN) is missing',
  M62: 'The treatment authorization code is missing, incomplete or invalid',
  M64: 'A secondary diagnosis is missing, incomplete or invalid',
  M76: 'The diagnosis is missing, incomplete or invalid',
  M77: 'The place of service is missing, incomplete, invalid or inappropriate',
  M78: 'The HCPCS modifier is missing, incomplete or invalid',
  M79: 'The charge is missing, incomplete or invalid',
  M80: 'Not covered on the same date as a service already processed for this patient',
  M81: 'Codes must be billed to the highest level of specificity',
  M84: 'Codes must be the ones in effect on the date of service',
  M86: 'Denied: the same or a similar item was already paid within the allowed time frame',
  M93: 'The information sent supports a break in need: a new capped rental period began with this delivery',
  M94: 'The information sent does not support a break in need: no new capped rental period',
  M113: 'The patient began using this item before the current competitive bidding contract period',
  M114: 'Processed under the DMEPOS Competitive Bidding Program or a demonstration project',
  M115: 'Denied: the supplier is not a contract supplier for this item',
  M117: 'Not covered unless submitted as an electronic claim',
  M119: 'The National Drug Code (NDC) is missing, incomplete, invalid, deactivated or withdrawn',
  M124: 'Missing whether the patient owns the equipment that needs this part or supply',
  M127: "The patient's medical record for this service is missing",
  M143: 'The provider must update its license information with the payer',
  MA01: 'Alert: if you disagree with this decision you may appeal; see the notice for how and when',
  MA04: "A secondary claim needs the primary payer's identity and payment information",
  MA07: 'Alert: the claim has also been forwarded to Medicaid',
  MA13: 'Alert: billing the patient for amounts not in the PR (patient responsibility) group may bring penalties',
  MA18: "Alert: the claim was also forwarded to the patient's supplemental insurer",
  MA27: 'The entitlement number or name on the claim is missing, incomplete or invalid',
  MA30: 'The type of bill is missing, incomplete or invalid',
  MA36: "The patient's name is missing, incomplete or invalid",
  MA61: "The patient's SSN or Medicare number (HICN/MBI) is missing, incomplete or invalid",
  MA92: 'Information on the other insurance plan is missing',
  MA120: 'The CLIA certification number is missing, incomplete or invalid',
  MA130: 'Claim cannot be processed (no appeal rights): send a new claim with complete, correct information',
  N1: 'Alert: you may appeal this decision in writing within the required time limits',
  N4: "The prior payer's EOB is missing, incomplete or invalid",
  N5: 'An EOB came from a previous payer, but the claim is not on file',
  N10: 'Adjusted based on a review organization, consultant or manual review',
  N19: 'The procedure is incidental to the primary procedure',
  N20: 'Not paid together with another service on the same date',
  N29: 'Documentation, orders, notes or a report is missing',
  N30: 'The patient is not eligible for this service',
  N31: 'The prescribing provider identifier is missing, incomplete or invalid',
  N54: 'The claim does not match the services that were authorized',
  N56: 'The procedure code is not correct or valid for the services billed or the date of service',
  N65: 'The procedure rate cannot be determined or was not on file for the date or provider',
  N95: 'This provider type or specialty may not bill this service',
  N102: 'Denied without review: the requested medical records were not received, or were late',
  N104: "Not payable in this contractor's jurisdiction: send it to the correct Medicare contractor",
  N115: 'Decided under a Local Coverage Determination (LCD)',
  N130: 'See the plan benefit documents for the restrictions on this service',
  N179: 'More information was requested from the patient; the claim will be reconsidered when it arrives',
  N180: 'The item or service does not meet the criteria of the category it was billed under',
  N211: 'Alert: this decision cannot be appealed',
  N216: 'This service is not covered, or the patient is not enrolled for this part of the benefits',
  N264: 'The ordering provider name is missing, incomplete or invalid',
  N265: 'The ordering provider identifier (NPI) is missing, incomplete or invalid',
  N286: 'The referring provider identifier (NPI) is missing, incomplete or invalid',
  N290: 'The rendering provider identifier (NPI) is missing, incomplete or invalid',
  N350: 'The description of a not-otherwise-classified (NOC) item is missing, incomplete or invalid',
  N362: 'The days or units of service are over the maximum the payer accepts',
  N380: 'The original claim has been processed: send a corrected claim',
  N381: 'See the contract for restrictions, billing and payment for these charges',
  N386: 'Decided under a National Coverage Determination (NCD)',
  N418: "Misrouted claim: see the payer's claim submission instructions",
  N425: 'Excluded from coverage by law (statutorily excluded)',
  N432: 'Adjusted after a Recovery Audit',
  N479: 'The Explanation of Benefits (coordination of benefits or Medicare Secondary Payer) is missing',
  N517: 'Send a new claim with the requested information',
  N519: 'The combination of HCPCS modifiers is invalid',
  N522: 'Duplicate of a claim processed, or to be processed, as a crossover claim',
  N640: 'Over the number or frequency allowed in the time period',
  N657: 'Bill these services with the appropriate code',
  N781: 'Alert: the patient is a Medicaid/QMB beneficiary: refund any deductible collected; bill the next payer',
  N782: 'Alert: the patient is a Medicaid/QMB beneficiary: refund any coinsurance collected; bill the next payer',
  N822: 'A procedure modifier is missing',
  N823: 'A procedure modifier is incomplete or invalid',
};

/** CAS01 claim adjustment group codes. */
export const GROUP_WORDS: Readonly<Record<string, string>> = {
  CO: 'Contractual obligation',
  PR: 'Patient responsibility',
  OA: 'Other adjustment',
  PI: 'Payer-initiated reduction',
  CR: 'Correction and reversal',
};

/** CLP02 claim status codes. */
export const CLAIM_STATUS_WORDS: Readonly<Record<string, string>> = {
  '1': 'Processed as primary',
  '2': 'Processed as secondary',
  '3': 'Processed as tertiary',
  '4': 'Denied',
  '19': 'Processed as primary, forwarded to another payer',
  '20': 'Processed as secondary, forwarded to another payer',
  '21': 'Processed as tertiary, forwarded to another payer',
  '22': 'Reversal of previous payment',
  '23': 'Not our claim, forwarded to another payer',
  '25': 'Predetermination pricing only, no payment',
};

/** PLB03-1 (and -5, -7 ...) provider-level adjustment reason codes. */
export const PROVIDER_ADJUSTMENT_WORDS: Readonly<Record<string, string>> = {
  '50': 'Late filing charge',
  '51': 'Interest penalty charge',
  '72': 'Authorized return',
  '90': 'Early payment allowance',
  AH: 'Origination fee',
  AM: "Applied to borrower's account",
  AP: 'Acceleration of benefits',
  B2: 'Rebate',
  B3: 'Recovery allowance',
  BD: 'Bad debt adjustment',
  BN: 'Bonus',
  C5: 'Temporary allowance',
  CR: 'Capitation interest',
  CS: 'Adjustment',
  CT: 'Capitation payment',
  CV: 'Capital passthru',
  CW: 'Certified registered nurse anesthetist passthru',
  DM: 'Direct medical education passthru',
  E3: 'Withholding',
  FB: 'Forwarding balance',
  FC: 'Fund allocation',
  GO: 'Graduate medical education passthru',
  HM: 'Hemophilia clotting factor supplement',
  IP: 'Incentive premium payment',
  IR: 'Internal Revenue Service withholding',
  IS: 'Interim settlement',
  J1: 'Nonreimbursable',
  L3: 'Penalty',
  L6: 'Interest owed',
  LE: 'Levy',
  LS: 'Lump sum',
  OA: 'Organ acquisition passthru',
  OB: 'Offset for affiliated providers',
  PI: 'Periodic interim payment',
  PL: 'Payment final',
  RA: 'Retro-activity adjustment',
  RE: 'Return on equity',
  SL: 'Student loan repayment',
  TL: 'Third party liability',
  WO: 'Overpayment recovery',
  WU: 'Unspecified recovery',
};

const NO_DESCRIPTION = 'no description';

function normalize(code: string): string {
  return code.trim().toUpperCase();
}

// Object.hasOwn keeps "constructor" or "toString" from reading the prototype.
function lookup(words: Readonly<Record<string, string>>, code: string): string | undefined {
  const key = normalize(code);
  return Object.hasOwn(words, key) ? words[key] : undefined;
}

/** A CARC's words, or "no description". */
export function describeCarc(code: string): string {
  return lookup(CARC_WORDS, code) ?? NO_DESCRIPTION;
}

/** A RARC's words, or "no description". */
export function describeRarc(code: string): string {
  return lookup(RARC_WORDS, code) ?? NO_DESCRIPTION;
}

/** A CLP02 status's words, or "no description". */
export function describeClaimStatus(code: string): string {
  return lookup(CLAIM_STATUS_WORDS, code) ?? NO_DESCRIPTION;
}

/** A PLB reason's words, or "no description". */
export function describeProviderAdjustment(code: string): string {
  return lookup(PROVIDER_ADJUSTMENT_WORDS, code) ?? NO_DESCRIPTION;
}

/**
 * A CAS adjustment in words: "Contractual obligation: Charge is above the fee schedule ...". An
 * unknown part shows its code: "ZZ (no description): Deductible: ...".
 */
export function describeAdjustment(group: string, reason: string): string {
  const groupWords = lookup(GROUP_WORDS, group) ?? `${normalize(group)} (${NO_DESCRIPTION})`;
  const reasonWords = lookup(CARC_WORDS, reason) ?? `${normalize(reason)} (${NO_DESCRIPTION})`;
  return `${groupWords}: ${reasonWords}`;
}

/** PR: the amount is the patient's to pay (deductible, coinsurance, copay ...). */
export function isPatientResponsibility(group: string): boolean {
  return normalize(group) === 'PR';
}

/**
 * The denial rule: a line paid nothing whose adjustments include any reason other than CO-45 (the
 * fee schedule reduction) and patient responsibility is a denial. This says whether one adjustment
 * is such a reason.
 */
export function isDenialAdjustment(group: string, reason: string): boolean {
  if (isPatientResponsibility(group)) return false;
  return !(normalize(group) === 'CO' && normalize(reason) === '45');
}
