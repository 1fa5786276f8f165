import { DEFAULT_PAGE_SIZE } from '@svc/contract';
import type { Request } from 'express';
import { AppError } from './problem.js';

export type PageRequest = { page: number; pageSize: number; offset: number };

const invalidPage = (detail: string) => new AppError({ code: 'invalid_page', status: 404, detail });

export function pageRequest(query: { page?: number | undefined; page_size?: number | undefined }): PageRequest {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
  const offset = (page - 1) * pageSize;
  // A page so far out that its offset is not an exact integer (`page=1e21`) cannot exist: no query needed.
  if (!Number.isSafeInteger(offset)) throw invalidPage(`Page ${page} does not exist.`);
  return { page, pageSize, offset };
}

/**
 * The page envelope of every list: `next` and `previous` are absolute URLs that keep the other query parameters.
 * A page past the end is 404 `invalid_page`; page 1 of an empty list is an empty page.
 */
export function pageOf<T>({
  request,
  page,
  count,
  results,
  publicUrl,
}: {
  request: Pick<Request, 'originalUrl'>;
  page: PageRequest;
  count: number;
  results: T[];
  publicUrl: string;
}) {
  const lastPage = Math.max(1, Math.ceil(count / page.pageSize));
  if (page.page > lastPage) {
    throw invalidPage(`Page ${page.page} does not exist: the last page is ${lastPage}.`);
  }
  const linkTo = (target: number) => {
    // The path and query only: a request target in absolute form (`GET http://host/path`) names a host of its own.
    const { pathname, search } = new URL(request.originalUrl, 'http://request.invalid');
    const url = new URL(`${pathname}${search}`, publicUrl);
    url.searchParams.set('page', String(target));
    return url.toString();
  };
  return {
    count,
    next: page.page < lastPage ? linkTo(page.page + 1) : null,
    previous: page.page > 1 ? linkTo(page.page - 1) : null,
    results,
  };
}
