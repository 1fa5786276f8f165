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

  /** The bytes when they are stored in the row (`SVC_STORAGE=postgres`); null when they are in the bucket. */
  @Column({ type: 'bytea', nullable: true })
  content!: Buffer | null;

  /** The key of the sealed file in the bucket (`SVC_STORAGE=s3`); null when the row holds it. */
  @Column({ name: 'object_key', type: 'text', nullable: true })
  objectKey!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;
}
