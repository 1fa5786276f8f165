import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Every file of a built site, site-relative, with `/` separators. */
export async function siteFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

export const readSiteFile = (root: string, file: string): Promise<string> => readFile(join(root, file), 'utf8');
