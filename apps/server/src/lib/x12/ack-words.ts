/**
 * Plain-English words for the codes of the 999 and the 277CA, so a biller reads what went wrong
 * without the code lists. Codes not listed here are shown by their number.
 */

/** IK501 / AK901 acknowledgement codes. */
export const RESPONSE_WORDS: Record<string, string> = {
  A: 'Accepted',
  E: 'Accepted with errors noted',
  P: 'Partially accepted: at least one transaction was rejected',
  M: 'Rejected: the message authentication code failed',
  R: 'Rejected',
  W: 'Rejected: the file failed validity tests',
  X: 'Rejected: the content could not be analyzed after decryption',
};

const SECURITY = 'The security of the file could not be checked';

/** IK502-IK506: why a transaction set was rejected. */
export const TRANSACTION_ERROR_WORDS: Record<string, string> = {
  '1': 'The receiver does not support this kind of transaction',
  '2': 'The transaction has no SE trailer',
  '3': 'The control numbers in ST and SE do not match',
  '4': 'The segment count in SE does not match the segments sent',
  '5': 'One or more segments have errors',
  '6': 'The transaction set identifier is missing or invalid',
  '7': 'The transaction control number is missing or invalid',
  '8': SECURITY,
  '9': SECURITY,
  '10': SECURITY,
  '11': SECURITY,
  '12': SECURITY,
  '13': SECURITY,
  '15': SECURITY,
  '16': SECURITY,
  '17': SECURITY,
  '18': 'The transaction is not inside a functional group',
  '19': 'The implementation guide named in ST03 is not valid',
  '23': 'The transaction control number is used twice in the group',
  I5: 'One or more segments break the implementation guide',
  I6: 'The receiver does not support this implementation guide',
};

/** AK905-AK909: why a functional group was rejected. */
export const GROUP_ERROR_WORDS: Record<string, string> = {
  '1': 'The receiver does not support this functional group',
  '2': 'The receiver does not support this version',
  '3': 'The functional group has no GE trailer',
  '4': 'The control numbers in GS and GE do not match',
  '5': 'The transaction count in GE does not match the transactions sent',
  '6': 'The group control number is not valid',
  '19': 'The group control number is used twice in the interchange',
};

/** IK304 segment errors: `%s` is "Segment XYZ", `%l` the loop (or the segment when none). */
export const SEGMENT_ERROR_WORDS: Record<string, string> = {
  '1': '%s is not a segment the receiver recognizes',
  '2': '%s was not expected here',
  '3': 'A required segment is missing: %s',
  '4': 'Loop %l repeats more times than allowed',
  '5': '%s repeats more times than allowed',
  '6': '%s does not belong in this transaction',
  '7': '%s is out of order',
  '8': '%s has errors in its elements',
  I4: '%s must not be sent (the guide does not use it)',
  I6: 'A segment required in this situation is missing: %s',
  I7: 'Loop %l occurs fewer times than required',
  I8: '%s occurs fewer times than required',
  I9: '%s must not be sent in this situation',
};

/** IK403 element errors: `%s` is "Segment XYZ", `%e` the element ("CLM02"). */
export const ELEMENT_ERROR_WORDS: Record<string, string> = {
  '1': '%s is missing a required element (%e)',
  '2': '%s is missing an element that another element makes required (%e)',
  '3': '%s has more elements than allowed',
  '4': 'Element %e is too short',
  '5': 'Element %e is too long',
  '6': 'Element %e has an invalid character',
  '7': 'Element %e has an invalid code',
  '8': 'Element %e has an invalid date',
  '9': 'Element %e has an invalid time',
  '10': 'Element %e must not be sent together with another element of the segment',
  '12': 'Element %e repeats more times than allowed',
  '13': 'Element %e has more components than allowed',
  I10: 'Element %e must not be sent (the guide does not use it)',
  I11: 'Element %e repeats fewer times than required',
  I12: 'Element %e does not have the form the guide requires',
  I13: 'Element %e must not be sent in this situation',
  I6: 'Element %e has a code the guide does not allow',
  I9: '%s is missing an element required in this situation (%e)',
};

/** 277CA claim status categories (STC01-1) that leave the claim on its way. */
export const ACCEPTED_CATEGORIES = new Set(['A0', 'A1', 'A2', 'A5', 'DR01', 'DR02']);

export const CATEGORY_WORDS: Record<string, string> = {
  A0: 'Forwarded to another entity',
  A1: 'Received (acknowledgement of receipt)',
  A2: 'Accepted into adjudication',
  A3: 'Returned as unprocessable',
  A4: 'Not found',
  A5: 'Accepted and split into several claims',
  A6: 'Rejected for missing information',
  A7: 'Rejected for invalid information',
  A8: 'Rejected for a relational field in error',
  D0: 'Not found by the search',
  E0: 'No answer possible: error in the data sent',
  E1: "No answer possible: the payer's system is unavailable",
  E2: 'The payer is not responding: send it again later',
  E3: 'Correction required: fields that do not agree',
  E4: 'Correction required: a trading partner requirement is not met',
};

/**
 * 277CA claim status codes (STC01-2), the ones a DME office meets. `{Entity}` / `{entity}` stand
 * for the entity of STC01-3 ("The billing provider", "the payer").
 */
export const STATUS_WORDS: Record<string, string> = {
  '0': 'No further status can be given electronically',
  '3': 'The claim was adjudicated and waits for the payment cycle',
  '16': 'The claim was forwarded to {entity}',
  '19': "{Entity} acknowledges the claim's receipt",
  '20': 'Accepted for processing',
  '21': 'Missing or invalid information',
  '23': 'Returned to {entity}',
  '24': '{Entity} is not approved as an electronic submitter',
  '25': '{Entity} is not approved',
  '26': '{Entity} was not found',
  '27': 'The policy was canceled',
  '29': 'The subscriber and the policy number do not match',
  '30': 'The subscriber and the subscriber id do not match',
  '31': 'The subscriber and the policyholder name do not match',
  '32': 'The subscriber and the policy number were not found',
  '33': 'The subscriber and the subscriber id were not found',
  '34': 'The subscriber and the policyholder name were not found',
  '35': 'The claim was not found',
  '54': 'Duplicate of a claim already processed',
  '78': 'Duplicate of a claim waiting to be processed',
  '85': '{Entity} is not primary',
  '88': '{Entity} is not eligible for benefits on the dates of service',
  '97': "The patient's eligibility was not found with {entity}",
  '109': '{Entity} is not eligible',
  '116': 'The claim was sent to the wrong payer',
  '125': "{Entity}'s name",
  '126': "{Entity}'s address",
  '128': "{Entity}'s tax id",
  '145': "{Entity}'s specialty (taxonomy) code",
  '153': "{Entity}'s id number",
  '155': "{Entity}'s relationship to the patient",
  '156': "The patient's relationship to the subscriber",
  '157': "{Entity}'s gender",
  '158': "{Entity}'s date of birth",
  '163': "{Entity}'s policy or group number",
  '164': "{Entity}'s contract or member number",
  '178': 'The submitted charges',
  '184': 'The purchase price of the rented equipment',
  '185': 'The rental price of the equipment',
  '186': 'The purchase and rental prices of the equipment',
  '187': 'The date(s) of service',
  '249': 'The place of service',
  '254': 'The principal diagnosis code',
  '255': 'The diagnosis code',
  '400': 'The claim is out of balance (its total is not the sum of its lines)',
  '453': 'The procedure code modifier(s)',
  '454': 'The procedure code',
  '464': "The payer's claim control number",
  '474': "The procedure code does not fit the patient's gender",
  '475': "The procedure code is not valid for the patient's age",
  '476': 'The units of service are missing or invalid',
  '477': 'The diagnosis code pointer is missing or invalid',
  '480': "{Entity}'s claim filing indicator",
  '481': 'The claim or file format is invalid',
  '500': "{Entity}'s ZIP code",
  '501': "{Entity}'s state",
  '502': "{Entity}'s city",
  '562': "{Entity}'s NPI (National Provider Identifier)",
};

/** Entity identifier codes (STC01-3). */
export const ENTITY_WORDS: Record<string, string> = {
  '03': 'dependent',
  '40': 'receiver',
  '41': 'submitter',
  '77': 'service location',
  '82': 'rendering provider',
  '85': 'billing provider',
  '87': 'pay-to provider',
  DK: 'ordering physician',
  DN: 'referring provider',
  IL: 'subscriber',
  PR: 'payer',
  QC: 'patient',
};
