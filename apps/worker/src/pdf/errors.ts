/** Why a PDF render failed. */
export type PdfRenderErrorCode =
  /** No Chromium at the configured path (a set-up problem: retrying here cannot help). */
  | 'chromium_missing'
  /** The request is not a render request (no HTML, an unknown page size): retrying cannot help. */
  | 'invalid_request'
  /** SVC_CHROMIUM_SANDBOX=on, and this system cannot give Chromium its sandbox (a set-up problem). */
  | 'sandbox_unavailable'
  /** Chromium could not be started (resources, a broken install): the next render tries again. */
  | 'launch_failed'
  /** Chromium died or was disconnected during the render; the next render launches a new one. */
  | 'browser_disconnected'
  /** The render took longer than `renderTimeoutMs`: its page was closed. */
  | 'render_timeout'
  /** Chromium refused or failed the render (a crashed page, a protocol error) while staying up. */
  | 'render_failed'
  /** The renderer was closed (the process is stopping); another worker can render it. */
  | 'renderer_closed';

const NOT_RETRYABLE: ReadonlySet<PdfRenderErrorCode> = new Set([
  'chromium_missing',
  'sandbox_unavailable',
  'invalid_request',
]);

/**
 * A failed render. `retryable` tells the worker whether the job should be retried (with back-off) or failed at once.
 * Messages never hold the HTML (it carries personal data).
 */
export class PdfRenderError extends Error {
  override readonly name = 'PdfRenderError';
  readonly code: PdfRenderErrorCode;
  readonly retryable: boolean;

  constructor(code: PdfRenderErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.retryable = !NOT_RETRYABLE.has(code);
  }
}

export function isPdfRenderError(error: unknown): error is PdfRenderError {
  return error instanceof PdfRenderError;
}
