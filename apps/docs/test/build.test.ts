import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { contract, listRoutes, PROBLEM_CODES, REQUEST_FLAGS, type RouteMetadata } from '@svc/contract';
import { SIMULATOR_TEST_INPUTS } from '@svc/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSite, type BuildResult } from '../src/build-site.js';
import { COUNTY_OF_CITY, SIDES, sideOf } from '../src/example-fixtures.js';
import { ExampleError, examplesFor } from '../src/examples.js';
import { listOperations } from '../src/operations.js';
import { REQUEST_EXAMPLES } from '../src/request-examples.js';
import type { SearchEntry } from '../src/search-index.js';
import { readSiteFile, siteFiles } from './site-files.js';

let root: string;
let result: BuildResult;
let files: string[];
/** The documentation pages (the sample reports under samples/ are documents of @svc/report, not pages). */
const html = new Map<string, string>();
const samples = new Map<string, string>();

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'svc-docs-build-'));
  result = await buildSite(root);
  files = await siteFiles(root);
  for (const file of files.filter((name) => name.endsWith('.html')))
    (file.startsWith('samples/') ? samples : html).set(file, await readSiteFile(root, file));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the built site', () => {
  test('has one page per contract operation, with its method, path and operation id', () => {
    const routes = listRoutes(contract);
    expect(result.operations).toBe(routes.length);
    for (const { route } of routes) {
      const { operationId } = route.metadata as RouteMetadata;
      const page = html.get(`reference/${operationId}.html`);
      expect(page, operationId).toBeDefined();
      expect(page).toContain(`method-${route.method.toLowerCase()}`);
      expect(page).toContain(route.path.replace(/:([a-z_]+)/g, '{$1}'));
      expect(page).toContain(`<code>${operationId}</code>`);
      if (route.deprecated) expect(page, operationId).toContain('<strong>Deprecated.</strong>');
    }
  });

  test('is plain HTML, one stylesheet, one script, the search index and openapi.json', () => {
    expect(result.pages).toBe(html.size);
    expect(html.size).toBe(listRoutes(contract).length + result.guides + 2);
    const other = files.filter((file) => !file.endsWith('.html')).sort();
    expect(other).toEqual([
      'assets/report-hr-page-1.png',
      'assets/site.css',
      'assets/site.js',
      'openapi.json',
      'search-index.json',
    ]);
  });

  test('holds an HR and a PM sample report rendered by @svc/report, self-contained, and a printed page of one', () => {
    expect([...samples.keys()].sort()).toEqual(['samples/report-hr.html', 'samples/report-pm.html']);
    for (const [file, report] of samples) {
      expect(report, file).toMatch(/^<!doctype html>/i);
      expect(report, file).not.toMatch(/(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
      expect(report, file).not.toMatch(/@import|url\(\s*["']?(?:https?:)?\/\//i);
    }
    const guide = html.get('guides/reports.html') ?? '';
    expect(guide).toContain('src="../assets/report-hr-page-1.png"');
    expect(guide).toMatch(/<img [^>]*alt="First page of a sample HR report/);
  });

  test('every internal href and src resolves to a file of the site, and every #fragment to an id', () => {
    const fileSet = new Set(files);
    const broken: string[] = [];
    for (const [file, page] of [...html, ...samples]) {
      for (const match of page.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
        const target = match[1] ?? '';
        if (/^(https?:|mailto:|data:)/.test(target)) {
          if (/^https?:/.test(target)) broken.push(`${file}: external resource ${target}`);
          continue;
        }
        const [pathPart = '', fragment] = target.split('#');
        const resolved =
          pathPart === '' ? file : posix.normalize(posix.join(posix.dirname(file), pathPart.split('?')[0] ?? ''));
        if (!fileSet.has(resolved)) {
          broken.push(`${file}: ${target}`);
          continue;
        }
        if (
          fragment &&
          resolved.endsWith('.html') &&
          !(html.get(resolved) ?? samples.get(resolved) ?? '').includes(`id="${fragment}"`)
        )
          broken.push(`${file}: ${target} (no such id)`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('every page has the landmarks, skip link and labelled search box', () => {
    for (const [file, page] of html) {
      expect(page, file).toContain('<a class="skip-link" href="#main">');
      expect(page, file).toMatch(/<main id="main"/);
      expect(page, file).toContain('<nav id="sidebar" class="sidebar" aria-label="Documentation">');
      expect(page, file).toContain('<label for="search-input"');
      expect(page, file).toContain('<html lang="en"');
    }
  });

  test('parses every request and response example with its schema', () => {
    const expected = listOperations().reduce((sum, operation) => sum + examplesFor(operation).parsed, 0);
    expect(result.examplesParsed).toBe(expected);
    // Every operation has a request example; every JSON and problem response has a response example.
    const responses = listOperations().reduce(
      (sum, operation) => sum + operation.responses.filter((r) => r.kind === 'json' || r.kind === 'problem').length,
      0,
    );
    expect(result.examplesParsed).toBeGreaterThan(responses);
    expect(Object.keys(REQUEST_EXAMPLES).sort()).toEqual(
      listOperations()
        .map((operation) => operation.operationId)
        .sort(),
    );
  });

  test('refuses an example that does not parse', () => {
    const operation = listOperations().find((candidate) => candidate.operationId === 'createUser');
    const original = REQUEST_EXAMPLES.createUser;
    expect(operation && original).toBeTruthy();
    REQUEST_EXAMPLES.createUser = { ...original, body: { ...(original?.body as object), language: 'de' } };
    try {
      expect(() => examplesFor(operation!)).toThrow(ExampleError);
      expect(() => examplesFor(operation!)).toThrow(/createUser request body does not parse: language/);
    } finally {
      REQUEST_EXAMPLES.createUser = original!;
    }
  });

  test('HR pages state both path forms, and owner_id is optional in the /hr/v1 form', () => {
    const quick = html.get('reference/hrV1QuickScreen.html') ?? '';
    expect(quick).toContain('/api/v1/hr/applications/quick/');
    expect(quick).toContain('optional in the <code>/hr/v1/</code> form');
    expect(html.get('reference/hrReportPdf.html')).toContain('application/pdf');
  });

  test('the guides cover every error code, request flag and simulator test input', () => {
    const errors = html.get('guides/errors.html') ?? '';
    for (const code of PROBLEM_CODES) expect(errors, code).toContain(`id="${code}"`);
    const checks = html.get('guides/checks.html') ?? '';
    for (const flag of REQUEST_FLAGS) expect(checks, flag).toContain(`id="${flag}"`);
    const testData = html.get('guides/test-data.html') ?? '';
    for (const input of SIMULATOR_TEST_INPUTS) expect(testData, input.id).toContain(`<code>${input.value}</code>`);
    expect(html.get('guides/states.html')).toContain('<svg');
  });

  test('the search index lists every page, operations with their paths', async () => {
    const index = JSON.parse(await readSiteFile(root, 'search-index.json')) as SearchEntry[];
    expect(index).toHaveLength(html.size);
    const quick = index
      .filter((entry) => entry.path?.includes('/applications/quick'))
      .map((entry) => entry.operationId);
    expect(quick.sort()).toEqual(['hrQuickScreen', 'hrV1QuickScreen', 'pmQuickScreen', 'pmV2QuickScreen']);
  });

  test('openapi.json is the contract’s OpenAPI document', async () => {
    const document = JSON.parse(await readSiteFile(root, 'openapi.json')) as {
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.version).toBe('1.1.0');
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    // Every operation of the contract, and the OAuth2 token endpoint (a form, outside the contract).
    expect(operations).toHaveLength(listRoutes(contract).length + 1);
    expect(Object.keys(document.paths['/oauth/token'] ?? {})).toEqual(['post']);
  });
});

describe('what the built site says', () => {
  test('names no internal document: no "Document 1", "Document 2" or seed in any file', async () => {
    const found: string[] = [];
    for (const file of files.filter((name) => !name.endsWith('.png'))) {
      const text = await readSiteFile(root, file);
      for (const match of text.matchAll(/document\s*[12]\b|\bseeds?\b|\bseed['’]s\b/gi))
        found.push(`${file}: …${text.slice(Math.max(0, match.index - 40), match.index + 40)}…`);
    }
    expect(found).toEqual([]);
  });

  test('response examples agree with their requests and with one fixture set', () => {
    const disagreements: string[] = [];
    const leaves = (value: unknown, path: string[] = []): Array<[string[], unknown]> =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? Object.entries(value).flatMap(([key, child]) => leaves(child, [...path, key]))
        : [[path, value]];
    const at = (value: unknown, path: string[]): unknown =>
      path.reduce<unknown>(
        (node, key) => (typeof node === 'object' && node !== null ? (node as any)[key] : undefined),
        value,
      );
    const same = (sent: unknown, answered: unknown) =>
      sent === answered ||
      (typeof sent === 'number' && Number(answered) === sent) ||
      (typeof sent === 'string' && answered === `${sent}T00:00:00Z`);
    for (const operation of listOperations()) {
      const examples = examplesFor(operation);
      const side = SIDES[sideOf(operation)];
      for (const [status, answer] of examples.responses) {
        if (status >= 300) continue;
        const records = Array.isArray((answer as { results?: unknown[] }).results)
          ? (answer as { results: unknown[] }).results
          : [answer];
        for (const record of records)
          for (const [path, sent] of leaves(examples.request.body)) {
            const answered = at(record, path);
            if (answered !== undefined && typeof answered !== 'object' && !same(sent, answered))
              disagreements.push(`${operation.operationId}: ${path.join('.')} sent ${sent}, answered ${answered}`);
          }
        const objects: Array<Record<string, unknown>> = [];
        JSON.stringify(answer, (_key, value) => {
          if (typeof value === 'object' && value !== null && !Array.isArray(value)) objects.push(value);
          return value;
        });
        for (const object of objects) {
          if (typeof object.city === 'string' && 'county' in object && object.county !== COUNTY_OF_CITY[object.city])
            disagreements.push(`${operation.operationId}: ${object.city} in county ${object.county}`);
          if ('team_type' in object && object.team_type !== sideOf(operation))
            disagreements.push(`${operation.operationId}: a ${object.team_type} team in a ${sideOf(operation)} answer`);
          const owner = object.owner as { id?: string } | undefined;
          if (owner && owner.id !== side.userId)
            disagreements.push(`${operation.operationId}: owner ${owner.id} is not the ${sideOf(operation)} user`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });

  test('every problem type names the errors page of the deployment at an anchor of its code', async () => {
    const openApi = await readSiteFile(root, 'openapi.json');
    const errors = html.get('guides/errors.html') ?? '';
    const types = [...[...html.values()].join('\n').matchAll(/&quot;type&quot;: &quot;(https?:[^&]+)&quot;/g)].map(
      (m) => m[1],
    );
    expect(types.length).toBeGreaterThan(10);
    for (const type of types) {
      expect(type).toMatch(/^https:\/\/svc\.example\.com\/docs\/guides\/errors\.html#[a-z_]+$/);
      expect(errors).toContain(`id="${type?.split('#')[1]}"`);
    }
    expect(openApi).toContain('/docs/guides/errors.html#<code>');
  });

  test('tables let identifiers wrap only after _ . or /, never inside a word', () => {
    const unbreakable: string[] = [];
    for (const [file, page] of html)
      for (const cell of page.matchAll(/<td>([\s\S]*?)<\/td>/g))
        for (const code of (cell[1] ?? '').matchAll(/<code[^>]*>([^<]*(?:<wbr>[^<]*)*)<\/code>/g)) {
          const text = code[1] ?? '';
          if (/[_./](?!<wbr>|[_./]|$)/.test(text)) unbreakable.push(`${file}: ${text}`);
        }
    expect(unbreakable.slice(0, 10)).toEqual([]);
  });

  test('the search index holds field names, enum values and error codes, and the errors page anchors each code', async () => {
    const index = JSON.parse(await readSiteFile(root, 'search-index.json')) as SearchEntry[];
    const withTerm = (term: string) =>
      index
        .filter((entry) => entry.terms.some((shown) => shown.toLowerCase().includes(term)))
        .map((entry) => entry.url);
    expect(withTerm('sin_ssn')).toContain('reference/hrQuickScreen.html');
    expect(withTerm('cosigner')).toContain('reference/pmQuickScreen.html');
    expect(withTerm('cosigner')).toContain('guides/enums.html');
    const errors = index.find((entry) => entry.url === 'guides/errors.html');
    for (const code of PROBLEM_CODES) expect(errors?.anchors, code).toContain(code);
  });
});
