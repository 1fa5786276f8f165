import type { EntityManager } from 'typeorm';
import type { Package } from '../entities/package.js';
import type { DataScope } from './common.js';
import { findPackage, replacePackage, type PackageFields } from './packages.js';

/** What replacing a package came to: the package, or which of the two ids is outside the scope. */
export type PackageReplacement = { outcome: 'replaced'; package: Package } | { outcome: 'package_not_found' } | { outcome: 'team_outside_scope' };

/** Replaces a package of the scope, telling an unknown package (404) from a team outside the scope (400). */
export async function replacePackageOfScope(
  manager: EntityManager,
  { packageId, package: fields, ...scope }: DataScope & { packageId: string; package: PackageFields },
): Promise<PackageReplacement> {
  const found = await findPackage(manager, { ...scope, packageId });
  if (!found) return { outcome: 'package_not_found' };
  const replaced = await replacePackage(manager, { ...scope, packageId, package: fields });
  return replaced ? { outcome: 'replaced', package: replaced } : { outcome: 'team_outside_scope' };
}
