import type { Response } from 'express';

/** Headers of a PDF report: its file name, and no caching anywhere (it holds personal data). */
export function sendPdfHeaders(
  response: Response,
  { fileName, disposition }: { fileName: string; disposition: 'attachment' | 'inline' },
): void {
  const asciiName = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  response.setHeader('Content-Type', 'application/pdf');
  response.setHeader('Content-Disposition', `${disposition}; filename="${asciiName}"`);
  response.setHeader('Cache-Control', 'private, no-store');
}
