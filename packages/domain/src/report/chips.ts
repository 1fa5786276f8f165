import { checkExecutionStatus, checkResult, verification, type BaseResult, type EnumValue } from '@svc/contract';
import type { CheckExecutionStatus } from '../applications/state-machine.js';
import type { Chip, Tone } from './types.js';

type CheckResultValue = BaseResult['result'];
type VerificationValue = EnumValue<typeof verification>;

const RESULT_TONES: { readonly [R in CheckResultValue]: Tone } = {
  NONE: 'neutral',
  CLEAR: 'clear',
  REVIEW: 'review',
  NOT_CLEAR: 'not_clear',
};

export const resultChip = (result: CheckResultValue): Chip => ({
  text: checkResult.labels[result],
  tone: RESULT_TONES[result],
});

/** The execution status: only a FAILED check gets a colour; the others read as plain text. */
export const executionStatusChip = (status: CheckExecutionStatus): Chip => ({
  text: checkExecutionStatus.labels[status],
  tone: status === 'FAILED' ? 'failed' : 'neutral',
});

const VERIFICATION_TONES: { readonly [V in VerificationValue]: Tone } = {
  NONE: 'neutral',
  VERIFIED: 'clear',
  PARTIALLY_VERIFIED: 'review',
  NOT_VERIFIED: 'review',
  UNABLE_TO_VERIFY: 'review',
};

export const verificationChip = (value: VerificationValue): Chip => ({
  text: verification.labels[value],
  tone: VERIFICATION_TONES[value],
});

/** A detail a verifier confirmed (`true`), could not confirm (`false`) or had nothing to confirm (`null`). */
export const confirmationChip = (confirmed: boolean | null): Chip =>
  confirmed === null
    ? { text: 'Not given', tone: 'neutral' }
    : confirmed
      ? { text: 'Confirmed', tone: 'clear' }
      : { text: 'Not confirmed', tone: 'review' };

/** A yes/no finding where `yes` is the good answer. */
export const goodWhenYes = (value: boolean | null): Chip =>
  value === null
    ? { text: 'Not checked', tone: 'neutral' }
    : value
      ? { text: 'Yes', tone: 'clear' }
      : { text: 'No', tone: 'review' };

/** Svc score bands (higher is better) and risk bands (higher is riskier) as tones. */
export function scoreBandTone(label: string): Tone {
  switch (label) {
    case 'Excellent':
    case 'Good':
    case 'Very low':
    case 'Low':
    case 'Long':
      return 'clear';
    case 'Fair':
    case 'Moderate':
    case 'Medium':
      return 'review';
    case 'Poor':
    case 'High':
    case 'Very high':
    case 'Short':
      return 'not_clear';
    default:
      return 'neutral';
  }
}

const DEFAULT_ACCENT = '#1f4e79';
const HEX_COLOUR = /^#([0-9a-f]{6})$/i;

const channel = (value: number): number => {
  const unit = value / 255;
  return unit <= 0.039_28 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4;
};

/** WCAG contrast ratio of a colour against white. */
export function contrastWithWhite(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const luminance =
    0.2126 * channel((value >> 16) & 255) + 0.7152 * channel((value >> 8) & 255) + 0.0722 * channel(value & 255);
  return 1.05 / (luminance + 0.05);
}

const toHex = (red: number, green: number, blue: number): string =>
  `#${[red, green, blue].map((part) => Math.round(part).toString(16).padStart(2, '0')).join('')}`;

/**
 * The accent colour of the report: the organisation's primary colour when it is a valid `#rrggbb`, darkened
 * step by step until it reads on white and carries white text (contrast 4.5:1, WCAG AA); svc's navy otherwise.
 */
export function accentColour(primaryColor: string | null | undefined): string {
  const match = HEX_COLOUR.exec(primaryColor?.trim() ?? '');
  if (!match?.[1]) return DEFAULT_ACCENT;
  const value = Number.parseInt(match[1], 16);
  let [red, green, blue] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  let colour = toHex(red, green, blue);
  while (contrastWithWhite(colour) < 4.5) {
    [red, green, blue] = [red * 0.9, green * 0.9, blue * 0.9];
    colour = toHex(red, green, blue);
  }
  return colour;
}
