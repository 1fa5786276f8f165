/** What was read from an identity document. Personal data: never log it. */
export type DocumentData = {
  /** Where the data came from: the licence's PDF417 barcode or the machine-readable zone. */
  readonly source: 'pdf417' | 'mrz';
  readonly documentType: 'passport' | 'identity_card' | 'driver_licence';
  /** ISO 3166 alpha-3 (`USA`, `CAN`, `FRA`…), as the document gives it. */
  readonly issuingCountry: string | null;
  /** The state or province of a North American licence (`ON`, `CA`…); null otherwise. */
  readonly issuingRegion: string | null;
  readonly documentNumber: string | null;
  readonly lastName: string | null;
  /** Given names, middle names included, in the document's order. */
  readonly givenNames: string | null;
  /** `YYYY-MM-DD`. */
  readonly birthDate: string | null;
  readonly expiryDate: string | null;
  /**
   * Whether the names can be relied on: an MRZ's names have no check digit, so names the repair changed are not
   * trusted unless another reading of the zone gave them unchanged. A barcode's names are.
   */
  readonly namesTrusted: boolean;
};

/** A document that could not be read, and why (for the result's reasons). */
export type Unreadable = { readonly unreadable: string };

/** What reading an image gave: the data, or why there is none. */
export type DocumentReading = DocumentData | Unreadable;

export const isUnreadable = (reading: DocumentReading): reading is Unreadable => 'unreadable' in reading;
