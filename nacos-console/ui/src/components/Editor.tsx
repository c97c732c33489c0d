import { useEffect, useRef } from 'react';
import { basicSetup, EditorView } from 'codemirror';
import { Compartment, EditorState, Extension } from '@codemirror/state';
import { StreamLanguage } from '@codemirror/language';
import { json } from '@codemirror/lang-json';
import { yaml } from '@codemirror/lang-yaml';
import { xml } from '@codemirror/lang-xml';
import { html } from '@codemirror/lang-html';
import { properties } from '@codemirror/legacy-modes/mode/properties';
import { toml } from '@codemirror/legacy-modes/mode/toml';
import { MergeView } from '@codemirror/merge';

export function languageOf(type: string): Extension {
  switch (type) {
    case 'json': return json();
    case 'yaml': return yaml();
    case 'xml': return xml();
    case 'html': return html();
    case 'properties': return StreamLanguage.define(properties);
    case 'toml': return StreamLanguage.define(toml);
    default: return [];
  }
}

/** The content editor: highlights by type; the parent owns the text. */
export function Editor({ value, type, onChange, readOnly = false }: {
  value: string; type: string; onChange?: (text: string) => void; readOnly?: boolean;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const language = useRef(new Compartment());
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          language.current.of(languageOf(type)),
          EditorState.readOnly.of(readOnly),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) {
              changed.current?.(update.state.doc.toString());
            }
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
  }, [readOnly]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    view.current?.dispatch({ effects: language.current.reconfigure(languageOf(type)) });
  }, [type]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div className="editor" data-testid="editor" ref={host} />;
}

/** Two versions side by side, the changes marked: left is the older. */
export function DiffView({ before, after, type }: { before: string; after: string; type: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const side = (doc: string) => ({
      doc,
      extensions: [basicSetup, languageOf(type), EditorState.readOnly.of(true), EditorView.editable.of(false)],
    });
    const merge = new MergeView({ a: side(before), b: side(after), parent: host.current!, collapseUnchanged: {} });
    return () => merge.destroy();
  }, [before, after, type]);
  return <div className="diff" data-testid="diff" ref={host} />;
}
