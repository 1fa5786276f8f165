import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import { Team } from './team.js';
import { Uuidv7Record } from './uuidv7-record.js';

export const REFERENCE_TEMPLATE_TYPES = ['ADDRESS', 'EMPLOYER'] as const;
export type ReferenceTemplateType = (typeof REFERENCE_TEMPLATE_TYPES)[number];

export const REFERENCE_QUESTION_TYPES = ['TEXT', 'YES_NO', 'MULTIPLE_CHOICE', 'RATING', 'DATE'] as const;
export type ReferenceQuestionType = (typeof REFERENCE_QUESTION_TYPES)[number];

/** One question of a reference template, stored as the API renders it (document 2). */
export type ReferenceQuestion = {
  id: string;
  index: number;
  question: string;
  type: ReferenceQuestionType;
  multiple_choice_options: string[];
  multiple_choice_correct_option: string | null;
  is_verifiable: boolean;
  is_required: boolean;
};

/**
 * A reference questionnaire of a team (landlord or employer references). Team configuration, like
 * the team itself shared by the live and demo environments.
 */
@Entity({ name: 'reference_templates' })
export class ReferenceTemplate extends Uuidv7Record {
  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId!: string;

  @ManyToOne(() => Team, { nullable: false })
  @JoinColumn({ name: 'team_id' })
  team?: Relation<Team>;

  @Column({ type: 'text' })
  type!: ReferenceTemplateType;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  version!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  questions!: ReferenceQuestion[];

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  modified!: Date;
}
