import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * A landed migration is history: a database migrated by it must mean the same to every later
 * version, so its file (and every helper in the folder it imports) never changes. A correction
 * is a new migration. A new migration lands with its checksum added here; an edited one fails.
 */
const LANDED: Record<string, string> = {
  '0001_foundation.ts': '705064277c1367683eaaace1cc45a57468fd4b13615d1add2c4c6d11c6a76c91',
  '0002_patients.ts': 'da1ba83b8d8460770528f255227cccfd9a993eb3ce12b7ecddcdcb9977ea566c',
  '0003_products.ts': 'f9f3be12f7a28226c9772728023b973b6562b77a39ea43a5b70cbc44bd8dfb0f',
  '0004_orders.ts': '9ce677638d0fc2bb290e2bf2ad884f417f8a9ac9935d86895192b91ab58dd619',
  '0005_operations_billing.ts': '68acdb4238f70c1322108a84ed69a5fd436986a9f7e9b2518cda76f93f9acb71',
  '0006_audit_patient.ts': 'f4ffa8f5f65c4f8c672c688b75412640327135ad13ad4c603243ac70f3754dcf',
  '0007_operations.ts': '10f0500be40e6929fa85d65f126d538bb5947dc06b8fa5a4b6d169db51aa0135',
  '0008_shipping.ts': '72e24bde2766e5da47f86f7eae36e151e199d0db85bb05c2d1d30a77091a03cc',
  '0009_billing.ts': 'b9f686f0cddba17cd6a531a9dfc9daadaae23d36af0de9d7e6487c8b6a40545c',
  '0010_order_search.ts': '85ca80d5b02c36dd6461de033d72ff18f2bf748fad2db03c67717e1af9ad89df',
  '0011_remittance.ts': '3b409157429149471b7081c2f5c74b577e308fda7e9a98cf4292fd6598884911',
  '0012_report_totals.ts': 'e70348dd690f395da952ea4e22cbbd7a2d5f55f5c5f72b0db24bc28b35cc9006',
  '0013_invoice_balance.ts': '3d801c4d1894e79df4635081c70e5b92a456ecdda46ba139fc2e5f7adccd0537',
  '0014_print_count.ts': 'f00c9e4dd4dc60aeda56fe0f6a3e5ae9ce0404ab0ce87b28c2f3fbc7f5acae8f',
  '0015_invoice_counts.ts': '024133a934396d19ff004fb07796c4183c66ca0fb934a971f92afcb810fbe766',
  '0016_list_indexes.ts': '6cc5beb553b9054fa559093924935a89665ef4a5f9faccaa1c7cc25d35ade39a',
  '0017_patient_counts.ts': '65889a69e45692435013e53be9240d2697241f887d95d5d6a671ad711358d1e8',
  '0018_occurrence_counts.ts': 'a3053516f6ac3d356ae9bcdc876c5fbd2ed5a200b3ff820e2e1a35c4f989ef3b',
  '0019_name_order_auth_notify.ts': 'f26fc876dbacd76a051ddb19b736047521c58d7c2156ab5af55daae7e89cac03',
  '0020_search_occurrence_counts.ts': '7c312ba83e09762f1ebe34243e5e91d7ed719929b36bbb92f044acb1bd2acd18',
  '0021_occurrence_day_counts.ts': '996e2b54a70d6a6f4f151d85af4af7bfe4bf879ed544c625f7709eea442ac5e9',
  '0022_search_tables.ts': '2f8096c2c597291005951d51fb8d23706327ff036bfa30f10576577ce4bd08d7',
  '0023_search_piece_counts.ts': '8bf69e67c497a4f54a47606c9caa493d1d2d4d85538d394686f853ac4d110f4a',
  '0024_search_piece_index.ts': 'f549d2765ef0f9bab23ba5c44242f69be74dc4e9f0bcea29468d5c6e87b0a85d',
  '0025_order_occurrence_days.ts': '8aa2deeafd81fa6d998eda6c703721eba751dcdb34c0999f9aa922d9faf66de3',
  '0026_occurrence_patient_date.ts': '82f64b2d24836d56e1c58d8d2e665126b7bb6bff440ce87852cdf40dc974b056',
  '0027_patient_name_walk.ts': 'efcd396124ba3606f0f13b9cec5fa22c036633f4726d3647949d2a54263e4afd',
  '0028_batch_heartbeat.ts': '7d5666a2f14bd6d7912654a3a7480e242d82440069f38e37574dbda0d3d8a4e0',
  '0029_money_capacity.ts': '758c843a1d800d89c5e43bbfd9caf9eeda7bed4668918bf120fe5a4f140896d1',
  '0030_plain_lists.ts': '54ecd005f93c64622adef14320dbae4f72de9f3bef23c2e5e314be49d0fa60be',
  '0031_claims.ts': 'e9ed5e625ee205261e9f7c10e95e12419958c3e2a615071bf5869d4375bea469',
  '0032_eras.ts': '7bd7213f80b5ffb99b6f1bd1ee913a0fcfff67e69b9858973d6c4f5689a31f12',
  '0033_rentals_fees.ts': '15bd44b8b5aba09aec5a7ed2a7ef6ba3f8ecbcbf3e8ea2cf82f9538525cf7f99',
  '0034_documents.ts': '628cf47d7afa1a085018232a6a3638c95cbc85abce6af78e0a80059884047e49',
  '0035_claim_payer_number.ts': '4324bf8506c7c2818f20503b91bb63cf323d458fc2492cf6fae3399c52415e7e',
  '0036_era_claim_count.ts': 'a4cfb191cd8d096135c011926f18d1b45de0678b5e779105495a264a0870f3cb',
  '0037_vacuum_often.ts': '9bc543af8e5be7317b88586d144b95f742dd024ce7b98b776b6a5bc0163c340d',
  'kept-deltas.ts': 'b63c1c0b2acc5ef7bae9f7df45b1a1348ce5bb7f71aaf717b4846b17417b09f3',
  'run-sql.ts': '542690f2361332f6ddfcc359a16bbeca6ecb611d2fa4f793d19e1f9bc6eced85',
};

const folder = new URL('./migrations/', import.meta.url);
const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));
const checksum = (name: string) =>
  createHash('sha256')
    .update(readFileSync(new URL(name, folder)))
    .digest('hex');

describe('landed migrations', () => {
  it.each(Object.keys(LANDED))('%s is unchanged', (name) => {
    expect(files, `${name} was removed: a landed migration stays`).toContain(name);
    expect(checksum(name), `${name} changed after it landed: write a new migration instead`).toBe(LANDED[name]);
  });

  it('knows every file of the folder', () => {
    const unknown = files.filter((name) => !(name in LANDED));
    expect(unknown, 'a new migration lands with its checksum in LANDED').toEqual([]);
  });

  it('import nothing from outside their folder but kysely, so the checksums cover all they run', () => {
    for (const name of files) {
      const source = readFileSync(new URL(name, folder), 'utf8');
      const imported = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      for (const path of imported)
        expect(path === 'kysely' || /^\.\/[\w-]+\.ts$/.test(path), `${name} imports ${path}`).toBe(true);
    }
  });
});
