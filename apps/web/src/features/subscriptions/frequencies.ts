import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Frequency } from '@sift/contracts';

/** SPEC §4 "Notification frequency": how often e-mail tells a member about new videos, as offered. */
export const FREQUENCY_LABELS: Record<Frequency, MessageDescriptor> = {
  IMMEDIATE: msg`Immediately`,
  DAILY: msg`Daily digest`,
  WEEKLY: msg`Weekly digest`,
  NONE: msg`Never`,
};

/** The frequencies in the order they are offered: most mail first. */
export const FREQUENCIES: Frequency[] = ['IMMEDIATE', 'DAILY', 'WEEKLY', 'NONE'];
