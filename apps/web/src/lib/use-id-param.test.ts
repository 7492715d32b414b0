import { describe, expect, it } from 'vitest';
import { parseIdParam } from './use-id-param.ts';

describe('parseIdParam', () => {
  it('reads a positive integer id up to the database bound', () => {
    expect(parseIdParam('1')).toBe(1);
    expect(parseIdParam('2147483647')).toBe(2147483647);
  });

  it.each([undefined, '', '0', '-1', '+1', '01', '1.5', '1e3', ' 1', 'abc', '2147483648', '99999999999'])(
    'refuses %j',
    (value) => {
      expect(parseIdParam(value)).toBeNull();
    },
  );
});
