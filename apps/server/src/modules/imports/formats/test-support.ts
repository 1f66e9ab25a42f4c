/** Shared by the parsers' tests (not a test file itself): real ids and small helpers. */
import { expect } from 'vitest';
import { ImportFileError } from './bundle.js';

export const CHANNELS = {
  kurzgesagt: 'UCsXVk37bltHxD1rDPwtNM8Q',
  veritasium: 'UCHnyfMqiRRG1u-2MsSQLbXA',
  vsauce: 'UC6nSFpj9HTCZ5t-N3Rm3-HA',
  mkbhd: 'UCBJycsmduvYEL83R_U4JriQ',
  googleDevelopers: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
} as const;

export const VIDEOS = {
  rickroll: 'dQw4w9WgXcQ',
  zoo: 'jNQXAC9IVRw',
  gangnam: '9bZkp7q19f0',
  despacito: 'kJQP7kiw5Fk',
  hotline: 'uxpDa-c-4Mc',
} as const;

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Awaits `promise` and checks it failed with an ImportFileError of `code`; returns the error for its message. */
export async function importError(promise: Promise<unknown>, code: ImportFileError['code']): Promise<ImportFileError> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  expect((error as ImportFileError).code).toBe(code);
  return error as ImportFileError;
}
