import { describe, expect, it } from 'vitest';
import {
  asyncBatchQuerySchema,
  confirmBatchQuerySchema,
  shippingListQuerySchema,
  shippingUpdateSchema,
} from './schemas.ts';

describe('shipping list query', () => {
  it('defaults: no dates, facility All, shipped shown, page 1 of 25', () => {
    expect(shippingListQuerySchema.parse({})).toEqual({
      search: '',
      facility: 'All',
      hidden_shipped: false,
      page: 1,
      page_size: 25,
    });
  });

  it('reads the query string forms of every filter', () => {
    const q = shippingListQuerySchema.parse({
      start_date: '2026-05-01',
      end_date: '2026-05-31',
      state: '16',
      facility: 'yes',
      hidden_shipped: 'true',
      search: '  rose ',
      ordering: '-date',
      page: '2',
      page_size: '10',
    });
    expect(q).toMatchObject({
      start_date: '2026-05-01',
      end_date: '2026-05-31',
      state: 16,
      facility: 'Yes',
      hidden_shipped: true,
      search: 'rose',
      ordering: '-date',
      page: 2,
      page_size: 10,
    });
    expect(shippingListQuerySchema.parse({ state: '', start_date: '', facility: 'false' })).toMatchObject({
      facility: 'No',
    });
  });

  it('refuses bad dates, reversed ranges, unknown facilities and huge pages', () => {
    const issues = (input: Record<string, unknown>) =>
      shippingListQuerySchema.safeParse(input).error?.issues.map((i) => i.path.join('.'));
    expect(issues({ start_date: '2026-02-30' })).toEqual(['start_date']);
    expect(issues({ start_date: '2026-05-10', end_date: '2026-05-01' })).toEqual(['end_date']);
    expect(issues({ facility: 'Maybe' })).toEqual(['facility']);
    expect(issues({ hidden_shipped: 'yes please' })).toEqual(['hidden_shipped']);
    expect(issues({ page_size: '1000' })).toEqual(['page_size']);
    expect(issues({ state: 'abc' })).toEqual(['state']);
  });
});

describe('batch queries', () => {
  it('needs a batch id to confirm', () => {
    expect(confirmBatchQuerySchema.safeParse({}).success).toBe(false);
    expect(confirmBatchQuerySchema.parse({ batchPrintId: '7' })).toEqual({ batchPrintId: 7 });
  });

  it('takes the filters or a batch id for a large batch', () => {
    expect(asyncBatchQuerySchema.parse({ batchPrintId: '3' }).batchPrintId).toBe(3);
    expect(asyncBatchQuerySchema.parse({ start_date: '2026-05-01' }).batchPrintId).toBeUndefined();
  });
});

describe('shipping update body', () => {
  it('takes shipped and eligibility_toggle as booleans', () => {
    expect(shippingUpdateSchema.parse({ shipped: true, eligibility_toggle: true })).toEqual({
      shipped: true,
      eligibility_toggle: true,
    });
  });

  it('refuses an empty body and non-booleans', () => {
    expect(shippingUpdateSchema.safeParse({}).error?.issues[0].path).toEqual(['shipped']);
    expect(shippingUpdateSchema.safeParse({ shipped: 'yes' }).success).toBe(false);
  });
});
