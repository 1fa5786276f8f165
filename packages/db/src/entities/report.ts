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

  /** The PDF when it is stored in the row (`SVC_STORAGE=postgres`); null when it is in the bucket at `objectKey`. */
  @Column({ type: 'bytea', nullable: true })
  pdf!: Buffer | null;

  /** The key of the sealed PDF in the bucket (`SVC_STORAGE=s3`); null when the row holds it. */
  @Column({ name: 'object_key', type: 'text', nullable: true })
  objectKey!: string | null;

  @Column({ name: 'page_size', type: 'text' })
  pageSize!: ReportPageSize;

  @Column({ name: 'file_name', type: 'text' })
  fileName!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;
}
