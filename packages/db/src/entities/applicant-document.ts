import { Column, CreateDateColumn, Entity } from 'typeorm';
import { Uuidv7Record } from './uuidv7-record.js';

/** A document the applicant uploaded in the portal; `content` is sealed (encrypted at rest; plaintext here). */
@Entity({ name: 'applicant_documents' })
export class ApplicantDocument extends Uuidv7Record {
  @Column({ name: 'applicant_id', type: 'uuid' })
  applicantId!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  /** `identity_document`, `selfie`, `proof_of_income` or `resume` (`PORTAL_DOCUMENT_KINDS`). */
  @Column({ type: 'text' })
  kind!: string;

  /** As told by the file's first bytes, never by the client. */
  @Column({ name: 'content_type', type: 'text' })
  contentType!: string;

  @Column({ name: 'byte_size', type: 'integer' })
  byteSize!: number;

  @Column({ type: 'bytea' })
  content!: Buffer;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;
}
