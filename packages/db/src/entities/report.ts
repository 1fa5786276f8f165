import { Column, CreateDateColumn, Entity } from 'typeorm';
import type { Environment } from './environment.js';
import { Uuidv7Record } from './uuidv7-record.js';

export type ReportPageSize = 'A4' | 'Letter';

/** One rendered version of an applicant's report: the HTML of `web/` and the PDF printed from it, both sealed
 * (encrypted at rest with the row's id; plaintext here). */
@Entity({ name: 'reports' })
export class Report extends Uuidv7Record {
  @Column({ name: 'applicant_id', type: 'uuid' })
  applicantId!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'text' })
  environment!: Environment;

  @Column({ type: 'integer' })
  version!: number;

  @Column({ type: 'text' })
  html!: string;

  @Column({ type: 'bytea' })
  pdf!: Buffer;

  @Column({ name: 'page_size', type: 'text' })
  pageSize!: ReportPageSize;

  @Column({ name: 'file_name', type: 'text' })
  fileName!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;
}
