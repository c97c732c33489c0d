import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { zh } from './zh';
import { format, pickLanguage } from './index';

/** Every source file of the app but tests and the messages themselves, by its path under src/. */
const SOURCES: Record<string, string> = Object.fromEntries(Object.entries(import.meta.glob(['../**/*.ts', '../**/*.tsx',
  '!../**/*.test.ts', '!../i18n/**'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>)
  .map(([file, text]) => [file.replace(/^\.\.\//, ''), text]));

/** Texts that read the same in Chinese: names, units and protocol words. */
const SAME_IN_CHINESE = new Set(['Data ID', 'gRPC', 'HTTP', 'MB', 'CPU', 'gRPC p50', 'gRPC p99', 'HTTP p99',
  'Leader', 'Follower', '（public）', '%']);

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
}

/** Words that read the same in every language, shown as they are. */
const NAMES = new Set(['Nacos', 'ID', 'IP', 'URL', 'CPU', 'MD5', 'MB']);

/** Calls whose text argument the user reads. */
const SHOWN_BY = new Set(['confirm', 'alert', 'setNotice', 'setError', 'setProblem', 'onDone', 'onError', 'Error',
  'ApiError']);

/** Attributes whose value the user reads (aria-label is left to the tests' selectors). */
const SHOWN_ATTRIBUTES = new Set(['placeholder', 'title', 'alt', 'text', 'label', 'error']);

function isProse(text: string): boolean {
  return /[A-Za-z]{2,}/.test(text) && !NAMES.has(text.trim());
}

function calledName(call: ts.CallExpression | ts.NewExpression): string {
  const callee = call.expression;
  return ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
}

/**
 * Where a source file shows the user a text of its own rather than a message, as file:line and
 * the text: JSX text, a shown attribute given as a literal, a literal in braces in JSX, or a
 * literal handed to confirm, a notice or an error.
 */
function untranslated(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${file}:${line + 1} ${JSON.stringify(text.trim())}`);
  };
  const literalText = (node: ts.Node): string | null => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      return node.text;
    }
    if (ts.isTemplateExpression(node)) {
      return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
    }
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isProse(node.text)) {
      report(node, node.text);
    }
    if (ts.isJsxAttribute(node) && SHOWN_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) && node.initializer.expression
        ? node.initializer.expression : node.initializer;
      const text = literalText(value);
      if (text !== null && isProse(text)) {
        report(node, text);
      }
    }
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      const shown = ts.isConditionalExpression(node.expression)
        ? [node.expression.whenTrue, node.expression.whenFalse] : [node.expression];
      shown.forEach((each) => {
        const text = literalText(each);
        if (text !== null && isProse(text)) {
          report(each, text);
        }
      });
    }
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && SHOWN_BY.has(calledName(node))) {
      (node.arguments ?? []).forEach((argument) => {
        const candidates = ts.isConditionalExpression(argument) ? [argument.whenTrue, argument.whenFalse] : [argument];
        candidates.forEach((each) => {
          const text = literalText(each);
          if (text !== null && isProse(text)) {
            report(each, text);
          }
        });
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the console messages', () => {
  it('have every key in both languages, never empty, with the same placeholders', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, english] of Object.entries(en)) {
      const chinese = zh[key as keyof typeof en];
      expect(english.trim(), key).not.toBe('');
      expect(chinese.trim(), key).not.toBe('');
      expect(placeholders(chinese), key).toEqual(placeholders(english));
    }
  });

  it('are translated: every Chinese text holds Chinese, unless it is a name that reads the same', () => {
    const left = Object.entries(zh).filter(([, text]) => !/[\u4e00-\u9fff]/.test(text) && !SAME_IN_CHINESE.has(text));
    expect(left).toEqual([]);
  });

  it('cover every text the pages show, and every key the pages use exists', () => {
    const files = Object.entries(SOURCES);
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap(([file, text]) => untranslated(file, text))).toEqual([]);
    const used = files.flatMap(([, text]) => [...text.matchAll(/\bt\('([\w.]+)'/g)].map((match) => match[1]));
    expect(used.filter((key) => !(key in en))).toEqual([]);
  });
});

describe('the check for texts left untranslated', () => {
  it('finds them in JSX, shown attributes, notices and errors, and leaves messages and markup alone', () => {
    const page = [
      'export function Page({ ok }: { ok: boolean }) {',
      "  setNotice('Saved the config.');",
      "  if (!ok) { throw new Error(`cannot save ${ok}`); }",
      '  return (<div className="a b" data-testid="page one" aria-label="page one">',
      '    <h1>Hello there</h1>',
      '    <input placeholder="search here" />',
      "    <p>{ok ? 'all good' : t('common.retry')}</p>",
      "    <p>{t('common.search')} Nacos</p>",
      '  </div>);',
      '}',
    ].join('\n');
    const found = untranslated('pages/Sample.tsx', page);
    expect(found).toEqual([
      'pages/Sample.tsx:2 "Saved the config."',
      'pages/Sample.tsx:3 "cannot save"',
      'pages/Sample.tsx:5 "Hello there"',
      'pages/Sample.tsx:6 "search here"',
      'pages/Sample.tsx:7 "all good"',
    ]);
  });
});

describe('the language', () => {
  it('is the stored choice, else the browser\'s first Chinese or English preference', () => {
    expect(pickLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
    expect(pickLanguage(null, ['zh-TW', 'en'])).toBe('zh-CN');
    expect(pickLanguage(null, ['fr-FR', 'en-GB', 'zh'])).toBe('en-US');
    expect(pickLanguage('klingon', ['de'])).toBe('en-US');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(format('Deleted {what} of {n}.', { what: 'a', n: 2 })).toBe('Deleted a of 2.');
    expect(format('{x} stays', {})).toBe('{x} stays');
  });
});
