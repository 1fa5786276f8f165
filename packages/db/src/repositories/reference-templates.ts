import {
  ReferenceTemplate,
  type ReferenceQuestion,
  type ReferenceTemplateType,
} from '../entities/reference-template.js';
import type { Team } from '../entities/team.js';
import { uuidv7 } from '../ids.js';
import { managerOf, type DbHandle } from '../db-handle.js';

type QuestionDraft = Omit<
  ReferenceQuestion,
  'id' | 'index' | 'multiple_choice_options' | 'multiple_choice_correct_option'
> &
  Partial<Pick<ReferenceQuestion, 'multiple_choice_options' | 'multiple_choice_correct_option'>>;

const yesNo = (question: string, positive: 'Yes' | 'No' = 'Yes'): QuestionDraft => ({
  question,
  type: 'YES_NO',
  multiple_choice_options: ['Yes', 'No'],
  multiple_choice_correct_option: positive,
  is_verifiable: true,
  is_required: true,
});

const ADDRESS_QUESTIONS: QuestionDraft[] = [
  {
    question: 'What dates did the applicant rent from you (from and to)?',
    type: 'TEXT',
    is_verifiable: true,
    is_required: true,
  },
  { question: 'What was the monthly rent?', type: 'TEXT', is_verifiable: true, is_required: true },
  yesNo('Was the rent paid in full and on time?'),
  yesNo('Did the applicant give proper notice before moving out?'),
  yesNo('Was there any damage to the unit beyond normal wear and tear?', 'No'),
  yesNo('Were there complaints from neighbours or lease violations?', 'No'),
  yesNo('Would you rent to the applicant again?'),
  { question: 'Anything else you would like to add?', type: 'TEXT', is_verifiable: false, is_required: false },
];

const EMPLOYER_QUESTIONS: QuestionDraft[] = [
  {
    question: 'What were the applicant’s start and end dates of employment?',
    type: 'TEXT',
    is_verifiable: true,
    is_required: true,
  },
  { question: 'What was the applicant’s position or title?', type: 'TEXT', is_verifiable: true, is_required: true },
  {
    question: 'What was your working relationship with the applicant?',
    type: 'TEXT',
    is_verifiable: false,
    is_required: true,
  },
  {
    question: 'Why did the applicant leave?',
    type: 'MULTIPLE_CHOICE',
    multiple_choice_options: ['Resigned', 'End of contract', 'Laid off', 'Dismissed', 'Still employed'],
    is_verifiable: true,
    is_required: true,
  },
  {
    question: 'How would you rate the applicant’s overall performance (1–5)?',
    type: 'RATING',
    is_verifiable: false,
    is_required: true,
  },
  yesNo('Was the applicant reliable and punctual?'),
  yesNo('Is the applicant eligible for rehire?'),
  { question: 'Anything else you would like to add?', type: 'TEXT', is_verifiable: false, is_required: false },
];

const DEFAULT_TEMPLATES: Record<
  ReferenceTemplateType,
  { name: string; description: string; questions: QuestionDraft[] }
> = {
  ADDRESS: {
    name: 'Standard landlord reference',
    description: 'Questions asked to previous landlords about the applicant’s tenancy.',
    questions: ADDRESS_QUESTIONS,
  },
  EMPLOYER: {
    name: 'Standard employer reference',
    description: 'Questions asked to previous employers about the applicant’s employment.',
    questions: EMPLOYER_QUESTIONS,
  },
};

/**
 * A team's starting reference templates: one ADDRESS (landlord) and one EMPLOYER template, version
 * `1.0`. Called by createTeam; question ids are UUIDv7.
 */
export async function createDefaultReferenceTemplates(
  handle: DbHandle,
  team: Pick<Team, 'id' | 'partnerId'>,
): Promise<ReferenceTemplate[]> {
  const manager = managerOf(handle);
  const templates = (['ADDRESS', 'EMPLOYER'] as const).map((type) => {
    const { name, description, questions } = DEFAULT_TEMPLATES[type];
    return manager.create(ReferenceTemplate, {
      partnerId: team.partnerId,
      teamId: team.id,
      type,
      name,
      version: '1.0',
      description,
      questions: questions.map((draft, index) => ({
        id: uuidv7(),
        index,
        question: draft.question,
        type: draft.type,
        multiple_choice_options: draft.multiple_choice_options ?? [],
        multiple_choice_correct_option: draft.multiple_choice_correct_option ?? null,
        is_verifiable: draft.is_verifiable,
        is_required: draft.is_required,
      })),
    });
  });
  return manager.save(templates);
}

/** The team's reference templates of one type, chronological; empty for another partner's team. */
export async function listReferenceTemplates(
  handle: DbHandle,
  { partnerId, teamId, type }: { partnerId: string; teamId: string; type: ReferenceTemplateType },
): Promise<ReferenceTemplate[]> {
  const manager = managerOf(handle);
  return manager.find(ReferenceTemplate, { where: { partnerId, teamId, type }, order: { created: 'ASC', id: 'ASC' } });
}
