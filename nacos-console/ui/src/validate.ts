/** What the console checks before it sends anything: the server checks again, and its word is final. */
import { t } from './i18n';


export const CONFIG_TYPES = ['text', 'json', 'xml', 'yaml', 'html', 'properties', 'toml'] as const;
export type ConfigType = (typeof CONFIG_TYPES)[number];

/** The characters the official server allows in a dataId or a group. */
const NAME = /^[a-zA-Z0-9_.:-]+$/;

/** Why a dataId or group cannot be used, or null. */
export function nameProblem(what: string, value: string): string | null {
  if (value.trim().length === 0) {
    return t('validate.required', { what });
  }
  if (value.length > 255) {
    return t('validate.tooLong', { what });
  }
  if (!NAME.test(value)) {
    return t('validate.characters', { what });
  }
  return null;
}

/** The type a dataId's extension suggests, as the official console guesses it. */
export function typeOfDataId(dataId: string): ConfigType {
  const extension = dataId.includes('.') ? dataId.slice(dataId.lastIndexOf('.') + 1).toLowerCase() : '';
  const byExtension: Record<string, ConfigType> = {
    json: 'json', xml: 'xml', yaml: 'yaml', yml: 'yaml', html: 'html', htm: 'html', properties: 'properties',
    toml: 'toml', txt: 'text',
  };
  return byExtension[extension] ?? 'text';
}

/** Metadata typed as key=value lines, one per line, into the object the server takes. */
export function parseMetadata(text: string): Record<string, string> {
  const metadata: Record<string, string> = {};
  text.split('\n').map((line) => line.trim()).filter((line) => line.length > 0).forEach((line, i) => {
    const equals = line.indexOf('=');
    if (equals <= 0) {
      throw new Error(t('validate.metadataLine', { line: i + 1, text: line }));
    }
    metadata[line.slice(0, equals).trim()] = line.slice(equals + 1).trim();
  });
  return metadata;
}

export function formatMetadata(metadata: Record<string, string> | null | undefined): string {
  return Object.entries(metadata ?? {}).map(([key, value]) => `${key}=${value}`).join('\n');
}
