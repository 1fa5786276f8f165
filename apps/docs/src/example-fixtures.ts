// One set of facts every example of the docs tells: the HR side hires for Northwind's warehouse, the PM side leases
// Harbourfront Tower; an answer shows what its request sent. `agreeWithRequest` makes a generated answer tell them,
// and the build test checks that every example does.
import type { Operation } from './operations.js';
import { IDS, PROPERTY, type RequestExample } from './request-examples.js';

export type TeamSide = 'HR' | 'PM';

/** The team and user each side's operations act for. */
export const SIDES = {
  HR: {
    teamId: IDS.hrTeam,
    teamName: 'Northwind Warehouse Hiring',
    userId: IDS.hrUser,
    email: 'grace.hopper@northwind.example',
  },
  PM: {
    teamId: IDS.pmTeam,
    teamName: 'Harbourfront Leasing',
    userId: IDS.pmUser,
    email: 'alan.turing@harbourfront.example',
  },
} as const satisfies Record<TeamSide, { teamId: string; teamName: string; userId: string; email: string }>;

/** The county (census division) of each city the examples name: a record's `county` agrees with its `city`. */
export const COUNTY_OF_CITY: Readonly<Record<string, string>> = { Toronto: 'Toronto', Montréal: 'Montréal' };

/** Tags of the operations that work for property managers: their owners are PM users. */
const PM_TAGS = new Set(['PM applications', 'Properties', 'Listings']);

export const sideOf = (operation: Pick<Operation, 'tag'>): TeamSide => (PM_TAGS.has(operation.tag) ? 'PM' : 'HR');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isObject = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A request's value as the answer writes it: amounts as decimal strings, calendar dates as instants at midnight UTC. */
function asAnswered(sent: Json, generated: Json): Json {
  if (
    typeof sent === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(sent) &&
    typeof generated === 'string' &&
    generated.includes('T')
  )
    return `${sent}T00:00:00Z`;
  if (typeof sent === 'number' && typeof generated === 'string')
    return /^\d+\.\d{2}$/.test(generated) ? sent.toFixed(2) : String(sent);
  return sent;
}

/** Copies what the request sent onto the same fields of the answer (scalars, and objects field by field). */
function overlay(answer: Record<string, Json>, sent: Record<string, Json>): void {
  for (const [key, value] of Object.entries(sent)) {
    if (!(key in answer)) continue;
    const generated = answer[key] as Json;
    if (isObject(value) && isObject(generated)) overlay(generated, value);
    else if (!isObject(value) && !Array.isArray(value) && !isObject(generated) && !Array.isArray(generated))
      answer[key] = asAnswered(value, generated);
  }
}

/** Every object of `value`, depth first. */
function* objectsOf(value: Json): Generator<Record<string, Json>> {
  if (Array.isArray(value)) for (const item of value) yield* objectsOf(item);
  else if (isObject(value)) {
    yield value;
    for (const child of Object.values(value)) yield* objectsOf(child);
  }
}

/**
 * Makes a generated answer agree with its request and with the fixture set: the request's fields come back as sent,
 * the record asked for by id has that id, owners and teams are the side's, and each county is its city's.
 */
export function agreeWithRequest(answer: unknown, request: RequestExample, operation: Pick<Operation, 'tag'>): unknown {
  const side = SIDES[sideOf(operation)];
  const records = isObject(answer) && Array.isArray(answer.results) ? answer.results : [answer as Json];
  for (const record of records) {
    if (!isObject(record)) continue;
    if (isObject(request.body)) overlay(record, request.body as Record<string, Json>);
    const askedId = Object.entries(request.params ?? {}).find(([name]) => name.endsWith('_id'))?.[1];
    if (askedId && typeof record.id === 'string' && records.length === 1) record.id = askedId;
  }
  for (const object of objectsOf(answer as Json)) {
    if (isObject(object.owner)) {
      object.owner.id = side.userId;
      if (typeof object.owner.email === 'string') object.owner.email = side.email;
      if (isObject(object.owner.team))
        Object.assign(object.owner.team, teamFields(object.owner.team, side, sideOf(operation)));
    }
    if ('building_code' in object) overlay(object, { id: IDS.property, ...PROPERTY });
    if (typeof object.team_type === 'string') object.team_type = sideOf(operation);
    if (typeof object.city === 'string' && 'county' in object) object.county = COUNTY_OF_CITY[object.city] ?? null;
  }
  return answer;
}

function teamFields(team: Record<string, Json>, side: (typeof SIDES)[TeamSide], type: TeamSide): Record<string, Json> {
  return {
    id: side.teamId,
    ...('name' in team ? { name: side.teamName } : {}),
    ...('internal_name' in team ? { internal_name: side.teamName } : {}),
    ...('team_type' in team ? { team_type: type } : {}),
    ...('type' in team ? { type } : {}),
  };
}
