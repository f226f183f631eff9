import { randomBytes } from 'node:crypto';
import { SERIAL_ALPHABETS, sequentialSerial, type SerialAlphabet, type SerialGenerationBody } from '@product-console/shared';

/*
 * The serials of a generation (decision 078), pure: sequential ones in order, random ones drawn
 * from the operating system's cryptographic source, each character uniform over the alphabet.
 */

/** The serials of a sequential run, in order. */
export function* sequentialSerials(body: Extract<SerialGenerationBody, { mode: 'sequential' }>): Generator<string> {
  for (let index = 0; index < body.count; index += 1) yield sequentialSerial(body.prefix, body.start + index, body.padding);
}

/**
 * `count` random serials of the prefix and `length` characters of the alphabet. A byte is taken
 * only below the largest multiple of the alphabet's size (rejection sampling), so no character
 * is likelier than another; repeats within the answer are possible and left to the caller.
 */
export function randomSerials(alphabetName: SerialAlphabet, length: number, prefix: string, count: number): string[] {
  const alphabet = SERIAL_ALPHABETS[alphabetName];
  const size = alphabet.length;
  const limit = 256 - (256 % size);
  const serials: string[] = [];
  let pool = randomBytes(0);
  let at = 0;
  while (serials.length < count) {
    let serial = prefix;
    while (serial.length < prefix.length + length) {
      if (at >= pool.length) {
        // About a quarter more than needed, so that rejected bytes rarely ask for another draw.
        pool = randomBytes(Math.ceil((count - serials.length) * length * 1.25) + 16);
        at = 0;
      }
      const byte = pool[at];
      at += 1;
      if (byte < limit) serial += alphabet[byte % size];
    }
    serials.push(serial);
  }
  return serials;
}
