import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import en from '@/locales/en.json';
import ko from '@/locales/ko.json';
import { ApiError } from '@/lib/api-client';
import { parsePrefixes, prefixFieldError, prefixListError } from '@/lib/company-prefix-errors';
import { fieldErrorText } from '@/lib/field-errors';

const english = createIntl({ locale: 'en', messages: en });
const korean = createIntl({ locale: 'ko', messages: { ...en, ...ko } });

describe('prefixListError', () => {
  it('asks for a prefix when none was typed, and for the right shape when one is not 4 to 12 digits', () => {
    expect(fieldErrorText(english, prefixListError(parsePrefixes(' , ')))).toBe('This field is required.');
    expect(fieldErrorText(english, prefixListError(parsePrefixes('0614141; 12ab')))).toBe(
      'Enter one or more GS1 company prefixes of 4 to 12 digits, separated by commas.',
    );
    expect(prefixListError(parsePrefixes('0614141 0614142'))).toBeUndefined();
  });
});

describe('prefixFieldError', () => {
  it('names the sent prefixes another company holds, by their place in the list, in the UI language', () => {
    const taken = new ApiError(400, {
      code: 'E400005',
      message: 'A company prefix you entered belongs to another company.',
      details: [
        { path: 'newUser.gcps.1', message: 'The company prefix 06141419 overlaps 0614141, held by another company.' },
        { path: 'newUser.gcps.2', message: 'The company prefix 0614142 is held by another company.' },
      ],
    });
    const error = prefixFieldError(taken, 'newUser', ['7000001', '06141419', '0614142']);
    expect(fieldErrorText(english, error)).toBe('Already held by another company: 06141419, 0614142. Enter only the prefixes GS1 assigned to your company.');
    expect(fieldErrorText(korean, error)).toBe('다른 회사가 이미 보유한 코드입니다: 06141419, 0614142. GS1에서 귀사에 부여한 코드만 입력하세요.');
    // Details of another multipart part do not name this list.
    expect(fieldErrorText(english, prefixFieldError(taken, 'updateInfo', ['7000001']))).toBe('A company prefix you entered belongs to another company.');
  });

  it('says a prefix still in use cannot be removed, and words a validation detail of the list', () => {
    const inUse = new ApiError(400, { code: 'E400006', message: 'In use', details: [{ path: 'updateInfo.gcps', message: 'The company prefix 0614141 still identifies 3 of your products.' }] });
    expect(fieldErrorText(english, prefixFieldError(inUse, 'updateInfo', ['0614142']))).toBe('A company prefix that your products still use cannot be removed.');

    const shape = new ApiError(400, {
      code: 'E400001',
      message: 'Validation failed',
      details: [{ path: 'updateInfo.gcps.0', message: 'a GS1 company prefix has 4 to 12 digits', code: 'invalid_format', format: 'regex' }],
    });
    expect(fieldErrorText(english, prefixFieldError(shape, 'updateInfo', ['12']))).toBe('Enter one or more GS1 company prefixes of 4 to 12 digits, separated by commas.');

    const tooMany = new ApiError(400, { code: 'E400001', message: 'Validation failed', details: [{ path: 'updateInfo.gcps', message: 'Too big', code: 'too_big', maximum: 20, origin: 'array' }] });
    expect(fieldErrorText(english, prefixFieldError(tooMany, 'updateInfo', []))).toBe('Choose at most 20.');
  });

  it('has nothing to say about other failures', () => {
    expect(prefixFieldError(new ApiError(409, { code: 'E409003', message: 'Taken' }), 'newUser', ['0614141'])).toBeUndefined();
    expect(prefixFieldError(new TypeError('offline'), 'newUser', ['0614141'])).toBeUndefined();
  });
});
