import {
  CHECK_NAMES,
  applicationStatus,
  checkExecutionStatus,
  checkResult,
  orderStatus,
  propertyStatus,
  reportStatus,
  verification,
  type EnumDefinition,
} from '@svc/contract';
import { describe, expect, it } from 'vitest';
import { checkNameInSentence } from '../checks/display-names.js';
import { checkDisplayName, labelOf } from './labels.js';

describe('labelOf', () => {
  it('gives the display text of a value', () => {
    expect(labelOf(applicationStatus, 'Returned')).toBe('Returned');
    expect(labelOf(reportStatus, 'IN_PROGRESS')).toBe('In progress');
    expect(labelOf(orderStatus, 'WAITING_ON_CANDIDATE')).toBe('Waiting on candidate');
    expect(labelOf(checkExecutionStatus, 'FAILED')).toBe('Failed');
    expect(labelOf(checkResult, 'NOT_CLEAR')).toBe('Not clear');
    expect(labelOf(verification, 'VERIFIED')).toBe('Verified');
    expect(labelOf(propertyStatus, 'N')).toBe('No Vacancy');
  });

  it('is typed by the enum: the label of a value is one of its labels', () => {
    const label: 'Sent' | 'In progress' | 'Complete' = labelOf(reportStatus, 'SENT');
    expect(label).toBe('Sent');
  });

  it('every value of an enum has a label its label schema accepts', () => {
    const labelsAccepted = <V extends string, L extends string>(definition: EnumDefinition<V, L>) =>
      definition.values.every((value) => definition.labelSchema.safeParse(labelOf(definition, value)).success);
    expect(labelsAccepted(applicationStatus)).toBe(true);
    expect(labelsAccepted(reportStatus)).toBe(true);
    expect(labelsAccepted(orderStatus)).toBe(true);
    expect(labelsAccepted(checkExecutionStatus)).toBe(true);
    expect(labelsAccepted(checkResult)).toBe(true);
    expect(labelsAccepted(verification)).toBe(true);
    expect(labelsAccepted(propertyStatus)).toBe(true);
  });
});

describe('checkDisplayName', () => {
  it('names checks', () => {
    expect(checkDisplayName('criminal_record_check')).toBe('Canadian criminal record check');
    expect(checkDisplayName('bureau')).toBe('Credit bureau check');
    expect(checkDisplayName('uk_basic_dbs_check')).toBe('UK basic DBS check');
  });

  it.each(CHECK_NAMES)('%s has a display name', (checkName) => {
    expect(checkDisplayName(checkName)).toMatch(/^[A-Z]\S*( \S+)+$/);
  });

  it('keeps proper nouns and acronyms capitalised inside a sentence', () => {
    expect(checkNameInSentence('bureau')).toBe('credit bureau check');
    expect(checkNameInSentence('criminal_record_check')).toBe('Canadian criminal record check');
    expect(checkNameInSentence('us_criminal_softcheck')).toBe('US criminal softcheck');
    expect(checkNameInSentence('soquij')).toBe('SOQUIJ Quebec court records check');
    expect(checkNameInSentence('international_criminal_record_check')).toBe('international criminal record check');
  });
});
