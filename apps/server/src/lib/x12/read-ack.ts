import { CLAIM_MESSAGES } from '@dme/shared';
import {
  ACCEPTED_CATEGORIES,
  CATEGORY_WORDS,
  ELEMENT_ERROR_WORDS,
  ENTITY_WORDS,
  GROUP_ERROR_WORDS,
  RESPONSE_WORDS,
  SEGMENT_ERROR_WORDS,
  STATUS_WORDS,
  TRANSACTION_ERROR_WORDS,
} from './ack-words.ts';
import { el, readInterchange, type Segment, type Transaction } from './segments.ts';
import { centsOfX12, moneyText } from './values.ts';

/** What a 999 said of one transaction set (AK2 to IK5). */
export interface TransactionResponse {
  /** AK201: the set acknowledged ("837"). */
  setId: string;
  /** AK202: its ST02, as the 999 spells it ("0001"). */
  controlNumber: string;
  /** IK501 (A, E, R, ...). */
  code: string;
  status: 'accepted' | 'rejected';
  /** Every error of the set (IK3/IK4, then IK502-IK506), in plain English. */
  reasons: string[];
}

/** What a 999 said of one functional group (AK1 to AK9). */
export interface GroupResponse {
  /** AK101 ("HC" for claims). */
  functionalId: string;
  /** AK102: the GS06 of the group it answers. */
  controlNumber: string;
  /** AK901 (A, E, P, R, ...). */
  code: string;
  status: 'accepted' | 'partially accepted' | 'rejected';
  /** AK905-AK909 in plain English. */
  reasons: string[];
  transactions: TransactionResponse[];
}

export interface ImplementationAcknowledgement {
  kind: '999';
  groups: GroupResponse[];
}

/** One STC status: its codes and their words. */
export interface ClaimStatus {
  category: string;
  status: string;
  entity: string;
  words: string;
}

export interface ClaimResponse {
  /** TRN02 of loop 2200D: the CLM01 we sent. */
  claimNumber: string;
  status: 'accepted' | 'rejected';
  /** The claim's statuses, then its lines' (2220D). */
  statuses: ClaimStatus[];
  /** The statuses in one sentence, for the claim's history. */
  reason: string;
  /** REF*1K: the payer's own number for the claim, when it gave one. */
  payerClaimNumber: string;
  /** STC04 with two decimals, when given. */
  amount: string;
}

/** A status above the claims: the whole batch (information receiver) or a billing provider. */
export interface LevelResponse {
  level: 'information receiver' | 'billing provider';
  /** TRN02 of the level (our batch reference, or the provider's trace). */
  reference: string;
  status: 'accepted' | 'rejected';
  statuses: ClaimStatus[];
  reason: string;
}

export interface ClaimAcknowledgement {
  kind: '277CA';
  claims: ClaimResponse[];
  levels: LevelResponse[];
}

/**
 * Reads an acknowledgement a clearinghouse returns for an 837: a 999 (was the file readable)
 * or a 277CA (was each claim accepted). Anything else, broken or binary included, throws an
 * Error with the message the upload shows.
 */
export function readAcknowledgement(text: string): ImplementationAcknowledgement | ClaimAcknowledgement {
  try {
    const interchange = readInterchange(text);
    const component = interchange.separators.component;
    const sets = interchange.transactions;
    const is277CA = (t: Transaction) =>
      el(t.header, 1) === '277' && /X214/.test(`${el(t.header, 3)} ${el(t.group, 8)}`);
    const acks = sets.filter((t) => el(t.header, 1) === '999');
    if (acks.length > 0) return { kind: '999', groups: acks.flatMap((t) => read999(t.segments, component)) };
    const claims = sets.filter(is277CA);
    if (claims.length > 0) return read277CA(claims, component);
  } catch (err) {
    throw new Error(CLAIM_MESSAGES.ackUnknownFile, { cause: err });
  }
  throw new Error(CLAIM_MESSAGES.ackUnknownFile);
}

function read999(segments: Segment[], component: string): GroupResponse[] {
  const groups: GroupResponse[] = [];
  let group: GroupResponse | undefined;
  let set: TransactionResponse | undefined;
  let segmentError: Segment | undefined;
  let elementErrors = 0;
  const closeSegmentError = () => {
    // An IK3 "has element errors" says no more than the IK4s that follow it.
    if (set && segmentError && !(el(segmentError, 4) === '8' && elementErrors > 0)) {
      set.reasons.push(segmentSentence(segmentError));
    }
    segmentError = undefined;
    elementErrors = 0;
  };
  for (const segment of segments) {
    const e = (n: number) => el(segment, n);
    if (segment.tag !== 'IK4' && segment.tag !== 'CTX') closeSegmentError();
    switch (segment.tag) {
      case 'AK1':
        group = {
          functionalId: e(1),
          controlNumber: e(2),
          code: '',
          status: 'rejected',
          reasons: [],
          transactions: [],
        };
        groups.push(group);
        break;
      case 'AK2':
        if (!group) throw new Error('AK2 before AK1');
        set = { setId: e(1), controlNumber: e(2), code: '', status: 'rejected', reasons: [] };
        group.transactions.push(set);
        break;
      case 'IK3':
        segmentError = segment;
        break;
      case 'IK4':
        if (set) set.reasons.push(elementSentence(segmentError, segment, component));
        elementErrors++;
        break;
      case 'IK5':
        if (!set) throw new Error('IK5 before AK2');
        set.code = e(1);
        set.status = e(1) === 'A' || e(1) === 'E' ? 'accepted' : 'rejected';
        for (const code of segment.elements.slice(1).filter(Boolean)) {
          // "One or more segments in error" repeats what the IK3/IK4 sentences already say.
          if ((code === '5' || code === 'I5') && set.reasons.length > 0) continue;
          set.reasons.push(TRANSACTION_ERROR_WORDS[code] ?? `Transaction error code ${code}`);
        }
        if (set.status === 'rejected' && set.reasons.length === 0) {
          set.reasons.push(RESPONSE_WORDS[set.code] ?? 'Rejected');
        }
        set = undefined;
        break;
      case 'AK9':
        if (!group) throw new Error('AK9 before AK1');
        group.code = e(1);
        group.status = e(1) === 'A' || e(1) === 'E' ? 'accepted' : e(1) === 'P' ? 'partially accepted' : 'rejected';
        group.reasons = segment.elements
          .slice(4)
          .filter(Boolean)
          .map((c) => GROUP_ERROR_WORDS[c] ?? `Group error code ${c}`);
        group = undefined;
        break;
    }
  }
  if (groups.length === 0) throw new Error('A 999 without AK1');
  closeSegmentError();
  // A 999 cut short leaves a set or a group without its trailer: not taken as accepted.
  for (const g of groups) {
    if (!g.code) g.reasons.push('The acknowledgement gives no status for this group (AK9)');
    for (const t of g.transactions) {
      if (!t.code) t.reasons.push('The acknowledgement gives no status for this transaction (IK5)');
    }
  }
  return groups;
}

/** Where the 999 places an error: "segment 17 of the transaction, loop 2300". */
function place(ik3: Segment | undefined, ...more: string[]): string {
  const position = el(ik3, 2);
  const loop = el(ik3, 3);
  const parts = [position && `segment ${position} of the transaction`, loop && `loop ${loop}`, ...more].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

const segmentName = (ik3: Segment | undefined) => `Segment ${el(ik3, 1) || '(unnamed)'}`;

function segmentSentence(ik3: Segment): string {
  const words = SEGMENT_ERROR_WORDS[el(ik3, 4)] ?? `%s has error code ${el(ik3, 4)}`;
  return words.replace('%s', segmentName(ik3)).replace('%l', el(ik3, 3) || el(ik3, 1)) + place(ik3);
}

function elementSentence(ik3: Segment | undefined, ik4: Segment, component: string): string {
  const [position = '', part = ''] = el(ik4, 1).split(component);
  const element = `${el(ik3, 1)}${position.padStart(2, '0')}${part ? `-${part}` : ''}`;
  const words = ELEMENT_ERROR_WORDS[el(ik4, 3)] ?? `Element %e has error code ${el(ik4, 3)}`;
  const bad = el(ik4, 4) && `value "${el(ik4, 4)}"`;
  return words.replace('%s', segmentName(ik3)).replace('%e', element) + place(ik3, bad);
}

function read277CA(transactions: Transaction[], component: string): ClaimAcknowledgement {
  const result: ClaimAcknowledgement = { kind: '277CA', claims: [], levels: [] };
  for (const transaction of transactions) {
    let claim: ClaimResponse | undefined;
    let level: LevelResponse | undefined;
    for (const segment of transaction.segments) {
      const e = (n: number) => el(segment, n);
      switch (segment.tag) {
        case 'HL': {
          const hlCode = e(3);
          claim = undefined;
          level = undefined;
          if (hlCode === 'PT') {
            claim = { claimNumber: '', status: 'accepted', statuses: [], reason: '', payerClaimNumber: '', amount: '' };
            result.claims.push(claim);
          } else if (hlCode === '21' || hlCode === '19') {
            const name = hlCode === '21' ? 'information receiver' : 'billing provider';
            level = { level: name, reference: '', status: 'accepted', statuses: [], reason: '' };
            result.levels.push(level);
          }
          break;
        }
        case 'TRN':
          if (claim && e(1) === '2') claim.claimNumber = e(2);
          if (level && !level.reference) level.reference = e(2);
          break;
        case 'STC': {
          const target = claim ?? level;
          if (!target) break;
          target.statuses.push(...statusesOf(segment, component));
          const cents = centsOfX12(e(4));
          if (claim && !claim.amount && cents !== null && e(4) !== '') claim.amount = moneyText(cents);
          break;
        }
        case 'REF':
          if (claim && e(1) === '1K') claim.payerClaimNumber = e(2);
          break;
      }
    }
  }
  // A claim is accepted when every status of it and of its lines is; one without a status is
  // not taken as accepted. A level without a status (billing providers often have none) is.
  for (const answer of [...result.claims, ...result.levels]) {
    const rejected =
      answer.statuses.some((s) => !ACCEPTED_CATEGORIES.has(s.category)) ||
      (answer.statuses.length === 0 && !('level' in answer));
    answer.status = rejected ? 'rejected' : 'accepted';
    answer.reason = answer.statuses.map((s) => s.words).join('; ') || 'The acknowledgement gives no status';
  }
  return result;
}

/** STC01, STC10 and STC11: each a category, a status and an entity. */
function statusesOf(stc: Segment, component: string): ClaimStatus[] {
  const message = el(stc, 12);
  return [1, 10, 11]
    .map((n) => el(stc, n))
    .filter(Boolean)
    .map((composite, i) => {
      const [category = '', status = '', entity = ''] = composite.split(component);
      const words = `${CATEGORY_WORDS[category] ?? `Category ${category}`}: ${statusWords(status, entity)}`;
      return { category, status, entity, words: i === 0 && message ? `${words} (${message})` : words };
    });
}

function statusWords(status: string, entity: string): string {
  const name = ENTITY_WORDS[entity] ?? (entity ? `entity ${entity}` : 'entity');
  const template = STATUS_WORDS[status] ?? `status code ${status}`;
  const words = template.replace('{Entity}', `The ${name}`).replace('{entity}', `the ${name}`);
  return words.charAt(0).toLowerCase() + words.slice(1);
}
