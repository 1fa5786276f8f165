import { API_SETTINGS, WORKER_SETTINGS } from './process-settings.js';
import { SETTINGS, type SettingName } from './settings.js';

/** The markers around the settings table in README.md. */
export const README_TABLE_START =
  '<!-- settings table: made by `pnpm --filter @svc/config readme`, do not edit -->\n<!-- prettier-ignore-start -->';
export const README_TABLE_END = '<!-- prettier-ignore-end -->\n<!-- end of settings table -->';

const readBy = (name: SettingName): string =>
  [
    (API_SETTINGS as readonly SettingName[]).includes(name) ? 'API' : null,
    (WORKER_SETTINGS as readonly SettingName[]).includes(name) ? 'worker' : null,
  ]
    .filter((process) => process !== null)
    .join(', ');

const cell = (value: string): string => value.replaceAll('|', '\\|');

/** README.md's table of every environment variable, made from `SETTINGS`. */
export function settingsTable(): string {
  const rows = (Object.keys(SETTINGS) as SettingName[]).map((name) => {
    const setting = SETTINGS[name];
    return `| \`${name}\` | ${readBy(name)} | ${cell(setting.type)} | ${setting.default ?? 'unset'} | ${cell(setting.meaning)} |`;
  });
  return ['| variable | read by | type | default | meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** README.md with its settings table replaced by the one `SETTINGS` makes. */
export function readmeWithSettingsTable(readme: string): string {
  const start = readme.indexOf(README_TABLE_START);
  const end = readme.indexOf(README_TABLE_END);
  if (start < 0 || end < start) throw new Error('README.md has no settings table markers');
  return `${readme.slice(0, start + README_TABLE_START.length)}\n${settingsTable()}\n${readme.slice(end)}`;
}
