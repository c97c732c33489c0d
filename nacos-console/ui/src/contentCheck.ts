/**
 * Checks a config's content for its type before publish. Its own module, with the YAML parser,
 * so that only the editor's chunk carries the parser.
 */
import { parseAllDocuments } from 'yaml';

/** Why this content is not valid for its type, with the line where known, or null. */
export function contentProblem(type: string, content: string): string | null {
  if (content.length === 0) {
    return 'the content is empty; the server stores no empty config';
  }
  if (type === 'json') {
    try {
      JSON.parse(content);
      return null;
    } catch (error) {
      return `not valid JSON: ${(error as Error).message}`;
    }
  }
  if (type === 'yaml') {
    for (const document of parseAllDocuments(content)) {
      const problem = document.errors[0];
      if (problem) {
        const line = problem.linePos?.[0]?.line;
        return `not valid YAML${line ? ` (line ${line})` : ''}: ${problem.message.split('\n')[0]}`;
      }
    }
  }
  return null;
}
