/**
 * Checks a config's content for its type before publish. Its own module, with the YAML parser,
 * so that only the editor's chunk carries the parser.
 */
import { parseAllDocuments } from 'yaml';
import { t } from './i18n';

/** Why this content is not valid for its type, with the line where known, or null. */
export function contentProblem(type: string, content: string): string | null {
  if (content.length === 0) {
    return t('content.empty');
  }
  if (type === 'json') {
    try {
      JSON.parse(content);
      return null;
    } catch (error) {
      return t('content.badJson', { reason: (error as Error).message });
    }
  }
  if (type === 'yaml') {
    for (const document of parseAllDocuments(content)) {
      const problem = document.errors[0];
      if (problem) {
        const line = problem.linePos?.[0]?.line;
        const reason = problem.message.split('\n')[0];
        return line ? t('content.badYamlAt', { line, reason }) : t('content.badYaml', { reason });
      }
    }
  }
  return null;
}
