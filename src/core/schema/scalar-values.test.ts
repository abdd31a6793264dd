import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  INT32_MAX,
  INT32_MIN,
  parseBigInteger,
  parseBoolean,
  parseDate,
  parseDateTime,
  parseDecimal,
  parseFloatValue,
  parseInteger,
  parseSafeInteger,
  parseTime,
} from './scalar-values.js';

/** Asserts `parse(input) === expected` for every pair, naming the input on failure. */
function table<T>(parse: (value: unknown) => T, cases: ReadonlyArray<readonly [unknown, T | undefined]>): void {
  for (const [input, expected] of cases) {
    assert.equal(parse(input), expected, `input ${typeof input === 'bigint' ? `${input}n` : JSON.stringify(input)}`);
  }
}

describe('parseInteger (32-bit)', () => {
  it('accepts integers and integer text within the int32 range', () => {
    table(parseInteger, [
      [0, 0],
      [42, 42],
      ['42', 42],
      [' 42 ', 42],
      ['+5', 5],
      ['-17', -17],
      ['007', 7],
      [INT32_MAX, 2147483647],
      [INT32_MIN, -2147483648],
      ['2147483647', 2147483647],
      ['-2147483648', -2147483648],
    ]);
  });

  it('rejects values outside int32, fractions, exponents and non-numbers', () => {
    table(parseInteger, [
      [2147483648, undefined],
      [-2147483649, undefined],
      ['2147483648', undefined],
      ['-2147483649', undefined],
      [1.5, undefined],
      ['1.0', undefined],
      ['1e3', undefined],
      ['0x10', undefined],
      ['', undefined],
      ['  ', undefined],
      ['abc', undefined],
      [NaN, undefined],
      [Infinity, undefined],
      [true, undefined],
      [null, undefined],
      [undefined, undefined],
      [[1], undefined],
      [5n, undefined],
    ]);
  });
});

describe('parseSafeInteger', () => {
  it('accepts any safe integer and rejects beyond 2^53', () => {
    table(parseSafeInteger, [
      [9007199254740991, 9007199254740991],
      ['9007199254740991', 9007199254740991],
      [-9007199254740991, -9007199254740991],
      ['9007199254740992', undefined],
      [9007199254740992, undefined],
      ['3000000000', 3000000000],
      [1.5, undefined],
      ['x', undefined],
    ]);
  });
});

describe('parseBigInteger (64-bit, exact)', () => {
  it('accepts the full int64 range exactly', () => {
    table(parseBigInteger, [
      ['9223372036854775807', 9223372036854775807n],
      ['-9223372036854775808', -9223372036854775808n],
      ['9007199254740993', 9007199254740993n],
      [' 42 ', 42n],
      ['+7', 7n],
      ['0', 0n],
      [9007199254740991, 9007199254740991n],
      [-3, -3n],
      [12n, 12n],
    ]);
  });

  it('rejects values outside int64, unsafe numbers, fractions and text', () => {
    table(parseBigInteger, [
      ['9223372036854775808', undefined],
      ['-9223372036854775809', undefined],
      [2n ** 63n, undefined],
      // A number past 2^53 has already lost digits: refusing it is the only exact answer.
      [9007199254740992, undefined],
      [1.5, undefined],
      ['4.0', undefined],
      ['1e3', undefined],
      ['', undefined],
      ['12n', undefined],
      [true, undefined],
      [null, undefined],
    ]);
  });
});

describe('parseFloatValue', () => {
  it('accepts finite numbers and numeric text', () => {
    table(parseFloatValue, [
      [1.5, 1.5],
      ['1.5', 1.5],
      [' 2 ', 2],
      ['.5', 0.5],
      ['-3.25e2', -325],
      ['1E-3', 0.001],
      [0, 0],
    ]);
  });

  it('rejects overflow, NaN, Infinity and non-numeric text', () => {
    table(parseFloatValue, [
      ['1e400', undefined],
      [Infinity, undefined],
      [NaN, undefined],
      ['NaN', undefined],
      ['Infinity', undefined],
      ['1_000', undefined],
      ['0x1F', undefined],
      ['', undefined],
      ['1.2.3', undefined],
      [true, undefined],
      [null, undefined],
    ]);
  });
});

describe('parseDecimal (canonical text)', () => {
  it('drops leading zeros, trailing fractional zeros and a plus sign', () => {
    table(parseDecimal, [
      ['1.50', '1.5'],
      ['001.5', '1.5'],
      ['00', '0'],
      ['0.0', '0'],
      ['5.', '5'],
      ['.5', '0.5'],
      ['-.5', '-0.5'],
      ['+3', '3'],
      ['100', '100'],
      ['-0.0100', '-0.01'],
      [' 2.50 ', '2.5'],
    ]);
  });

  it('writes negative zero as 0', () => {
    table(parseDecimal, [
      ['-0', '0'],
      ['-0.000', '0'],
      ['-0e5', '0'],
      [-0, '0'],
    ]);
  });

  it('expands exponents without rounding', () => {
    table(parseDecimal, [
      ['1e3', '1000'],
      ['1E+2', '100'],
      ['12.5e1', '125'],
      ['1.5e-3', '0.0015'],
      ['-1e-2', '-0.01'],
      ['1.23e-10', '0.000000000123'],
      ['123.456e-1', '12.3456'],
      ['0.001e3', '1'],
      [1e21, '1000000000000000000000'],
      [1e-7, '0.0000001'],
    ]);
  });

  it('keeps every digit of a long decimal', () => {
    table(parseDecimal, [
      ['123456789012345678901234567890.123456789012345678901234567890', '123456789012345678901234567890.12345678901234567890123456789'],
      ['0.10000000000000000000000000000000000001', '0.10000000000000000000000000000000000001'],
      ['-99999999999999999999.99999999999999999999', '-99999999999999999999.99999999999999999999'],
    ]);
  });

  it('takes a number as JavaScript prints it', () => {
    table(parseDecimal, [
      [19.99, '19.99'],
      [0.1 + 0.2, '0.30000000000000004'],
      [-42, '-42'],
    ]);
  });

  it('rejects non-decimal input', () => {
    table(parseDecimal, [
      ['abc', undefined],
      ['1e', undefined],
      ['e5', undefined],
      ['1.2.3', undefined],
      ['1,5', undefined],
      ['', undefined],
      ['.', undefined],
      ['--1', undefined],
      [NaN, undefined],
      [Infinity, undefined],
      [true, undefined],
      [null, undefined],
      [10n, undefined],
    ]);
  });

  it('rejects huge exponents instead of building a gigantic string', () => {
    assert.equal(parseDecimal('1e1000')?.length, 1001);
    assert.equal(parseDecimal('1e1001'), undefined);
    assert.equal(parseDecimal('1e-1001'), undefined);
    // Used to throw RangeError (a 500 from a 12-character filter value).
    assert.equal(parseDecimal('1e999999999'), undefined);
  });
});

describe('parseBoolean', () => {
  it('reads the reference spellings', () => {
    table(parseBoolean, [
      [true, true],
      [false, false],
      [1, true],
      [0, false],
      ['1', true],
      ['0', false],
      ['true', true],
      ['false', false],
      ['t', true],
      ['f', false],
    ]);
  });

  it('rejects anything else', () => {
    table(parseBoolean, [
      ['TRUE', undefined],
      ['yes', undefined],
      ['no', undefined],
      ['', undefined],
      [2, undefined],
      [-1, undefined],
      [null, undefined],
      [undefined, undefined],
      [[true], undefined],
    ]);
  });
});

describe('parseDate', () => {
  it('accepts real calendar dates, including leap days', () => {
    table(parseDate, [
      ['2024-01-15', '2024-01-15'],
      ['2024-02-29', '2024-02-29'],
      ['2000-02-29', '2000-02-29'],
      ['2023-12-31', '2023-12-31'],
      [' 2024-01-15 ', '2024-01-15'],
    ]);
  });

  it('rejects impossible dates', () => {
    table(parseDate, [
      ['2023-02-29', undefined],
      ['1900-02-29', undefined],
      ['2100-02-29', undefined],
      ['2024-02-30', undefined],
      ['2024-04-31', undefined],
      ['2024-13-01', undefined],
      ['2024-00-10', undefined],
      ['2024-01-00', undefined],
      ['2024-01-32', undefined],
    ]);
  });

  it('accepts years 0001 to 9999', () => {
    table(parseDate, [
      ['0001-01-01', '0001-01-01'],
      ['0050-06-15', '0050-06-15'],
      ['0099-12-31', '0099-12-31'],
      ['0004-02-29', '0004-02-29'],
      ['9999-12-31', '9999-12-31'],
      ['0000-01-01', undefined],
      ['0003-02-29', undefined],
      ['10000-01-01', undefined],
    ]);
  });

  it('cuts a full ISO date-time to its date, without converting the zone', () => {
    table(parseDate, [
      ['2024-01-15T10:00:00Z', '2024-01-15'],
      ['2024-01-15T23:30:00-05:00', '2024-01-15'],
      ['2024-01-15T10:00:00.123', '2024-01-15'],
      ['2024-01-15 10:00', '2024-01-15'],
    ]);
  });

  it('rejects a date followed by anything but a real time', () => {
    table(parseDate, [
      ['2024-01-15garbage', undefined],
      ['2024-01-15T', undefined],
      ['2024-01-15T25:00:00Z', undefined],
      ['2024-01-15T10:60:00Z', undefined],
    ]);
  });

  it('rejects other shapes and non-strings', () => {
    table(parseDate, [
      ['2024-1-5', undefined],
      ['15/01/2024', undefined],
      ['20240115', undefined],
      ['', undefined],
      [20240115, undefined],
      [new Date('2024-01-15'), undefined],
      [null, undefined],
    ]);
  });
});

describe('parseTime', () => {
  it('normalizes to HH:mm:ss.SSS', () => {
    table(parseTime, [
      ['10:30', '10:30:00.000'],
      ['10:30:15', '10:30:15.000'],
      ['10:30:15.5', '10:30:15.500'],
      ['10:30:15.123', '10:30:15.123'],
      ['10:30:15.123456789', '10:30:15.123'],
      ['00:00', '00:00:00.000'],
      ['23:59:59.999', '23:59:59.999'],
      [' 08:05 ', '08:05:00.000'],
    ]);
  });

  it('rejects out-of-range and malformed times', () => {
    table(parseTime, [
      ['24:00', undefined],
      ['23:60', undefined],
      ['23:59:60', undefined],
      ['9:30', undefined],
      ['10:30:15.', undefined],
      ['10:30:15.1234567891', undefined],
      ['10:30Z', undefined],
      ['10', undefined],
      ['', undefined],
      [1030, undefined],
      [null, undefined],
    ]);
  });
});

describe('parseDateTime', () => {
  it('converts ISO strings with an offset to UTC', () => {
    table(parseDateTime, [
      ['2024-01-15T10:00:00Z', '2024-01-15T10:00:00.000Z'],
      ['2024-01-15T10:00:00.5Z', '2024-01-15T10:00:00.500Z'],
      ['2024-01-15T10:00:00.123456Z', '2024-01-15T10:00:00.123Z'],
      ['2024-01-15T10:00:00+02:00', '2024-01-15T08:00:00.000Z'],
      ['2024-01-15T10:00:00-0530', '2024-01-15T15:30:00.000Z'],
      ['2024-01-15T10:00:00+02', '2024-01-15T08:00:00.000Z'],
      ['2024-01-15t10:00:00z', '2024-01-15T10:00:00.000Z'],
      ['2024-01-01T01:00:00+02:00', '2023-12-31T23:00:00.000Z'],
    ]);
  });

  it('reads a value without a zone as UTC', () => {
    table(parseDateTime, [
      ['2024-01-15T10:00:00', '2024-01-15T10:00:00.000Z'],
      ['2024-01-15T10:00', '2024-01-15T10:00:00.000Z'],
      ['2024-01-15 10:00', '2024-01-15T10:00:00.000Z'],
      ['2024-01-15', '2024-01-15T00:00:00.000Z'],
    ]);
  });

  it('reads millisecond timestamps, as numbers or digit strings', () => {
    table(parseDateTime, [
      [0, '1970-01-01T00:00:00.000Z'],
      [1700000000000, '2023-11-14T22:13:20.000Z'],
      ['1700000000000', '2023-11-14T22:13:20.000Z'],
      ['123456789', '1970-01-02T10:17:36.789Z'],
      // Any digit string is milliseconds, as in the reference (so "0" is the epoch).
      ['0', '1970-01-01T00:00:00.000Z'],
      ['-1000', '1969-12-31T23:59:59.000Z'],
      [-86400000, '1969-12-31T00:00:00.000Z'],
    ]);
  });

  it('accepts Date objects and rejects invalid ones', () => {
    assert.equal(parseDateTime(new Date('2024-01-15T10:00:00Z')), '2024-01-15T10:00:00.000Z');
    assert.equal(parseDateTime(new Date('nope')), undefined);
  });

  it('keeps to the years 0001 to 9999', () => {
    table(parseDateTime, [
      ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
      ['0050-06-15T12:00:00Z', '0050-06-15T12:00:00.000Z'],
      ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
      [-62135596800000, '0001-01-01T00:00:00.000Z'],
      [253402300799999, '9999-12-31T23:59:59.999Z'],
      [-62135596800001, undefined],
      [253402300800000, undefined],
      ['0000-12-31T23:59:59Z', undefined],
      // An offset that pushes the instant past the last representable moment.
      ['9999-12-31T23:00:00-02:00', undefined],
      ['10000-01-01T00:00:00Z', undefined],
    ]);
  });

  it('rejects impossible dates, times and offsets', () => {
    table(parseDateTime, [
      ['2023-02-29T00:00:00Z', undefined],
      ['2024-02-30T00:00:00Z', undefined],
      ['2024-01-15T24:00:00Z', undefined],
      ['2024-01-15T10:60:00Z', undefined],
      ['2024-01-15T10:00:60Z', undefined],
      ['2024-01-15T10:00:00+24:00', undefined],
      ['2024-01-15T10:00:00+02:75', undefined],
    ]);
  });

  it('rejects other shapes', () => {
    table(parseDateTime, [
      ['garbage', undefined],
      ['12345678901234567', undefined],
      ['2024-01-15T10', undefined],
      ['2024-01-15T10:00:00 PST', undefined],
      ['', undefined],
      [NaN, undefined],
      [Infinity, undefined],
      [true, undefined],
      [null, undefined],
      [{}, undefined],
    ]);
  });
});
