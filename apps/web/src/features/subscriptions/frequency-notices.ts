import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Frequency } from '@sift/contracts';

/** The notice after a change of frequency: "E-mail: daily digest" (whole sentences: languages capitalise differently). */
export const FREQUENCY_NOTICES: Record<Frequency, MessageDescriptor> = {
  IMMEDIATE: msg`E-mail: immediately`,
  DAILY: msg`E-mail: daily digest`,
  WEEKLY: msg`E-mail: weekly digest`,
  NONE: msg`E-mail: never`,
};

/**
 * The notice after a change of frequency where several subscriptions show (the profile's list, the follow settings
 * of cards): "E-mail for X: daily digest" (whole sentences: languages capitalise differently).
 */
export const frequencyNoticesFor = (name: string): Record<Frequency, MessageDescriptor> => ({
  IMMEDIATE: msg`E-mail for ${name}: immediately`,
  DAILY: msg`E-mail for ${name}: daily digest`,
  WEEKLY: msg`E-mail for ${name}: weekly digest`,
  NONE: msg`E-mail for ${name}: never`,
});
