/** Live and demo data never mix: every tenant record carries the environment it belongs to. */
export const ENVIRONMENTS = ['live', 'demo'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const TEAM_TYPES = ['HR', 'PM'] as const;
export type TeamType = (typeof TEAM_TYPES)[number];

export const USER_LANGUAGES = ['en', 'fr'] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number];
