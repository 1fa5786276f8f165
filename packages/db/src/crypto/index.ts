/**
 * `@svc/db/crypto`: encryption at rest. The process's key (`loadEncryptionKey`, `useEncryptionKey`), the sealed
 * columns personal data is kept in (`SEALED_COLUMNS`, `sealValue`, `openValue`), and signatures under the process's
 * key (form tokens), and the blind indexes list filters search (`search-terms.ts`).
 */
export * from './field-encryption.js';
export {
  openValue,
  resealValue,
  SEALED_COLUMNS,
  sealedColumnsOf,
  sealEntityColumn,
  sealValue,
} from './sealed-columns.js';
export {
  applicantSearchTerms,
  nameQueryTerm,
  nameWords,
  normalisedEmail,
  normalisedPhone,
  searchKeys,
  searchTerm,
  type SearchKey,
} from './search-terms.js';
