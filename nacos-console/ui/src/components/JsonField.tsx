import { FormEvent, ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { link, useNamespace } from '../app/links';
import { ErrorNote } from './ErrorNote';
import { t } from '../i18n';

/** A JSON text to edit, in a monospaced box sized for a specification. */
export function JsonField({ label, name, value, onChange }: {
  label: string; name: string; value: string; onChange: (text: string) => void;
}) {
  return (
    <label>{label}
      <textarea className="mono json" name={name} aria-label={name} value={value} spellCheck={false}
        onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** Why this text is not the JSON object it must be, or null; an optional field may be empty. */
export function jsonProblem(what: string, text: string, required: boolean): string | null {
  if (text.trim() === '') {
    return required ? t('validate.required', { what }) : null;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? null : t('json.notObject', { what });
  } catch (error) {
    return t('json.invalid', { what, reason: (error as Error).message });
  }
}

/** A copy of what the server answered without the fields it computes. */
export function specOf(answer: Record<string, unknown>, computed: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answer).filter(([key]) => !computed.includes(key)));
}

/**
 * A page that edits JSON specifications and, once the server took them, shows the saved entry:
 * {@code save} sends them and names the entry, whose details are at {@code detailPath?name=}.
 */
export function JsonEditForm({ title, back, backLabel, hint, loadError, detailPath, save, children }: {
  title: string; back: string; backLabel: string; hint: string; loadError: string | null; detailPath: string;
  save: () => Promise<string>; children: ReactNode;
}) {
  const namespace = useNamespace();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const name = await save();
      navigate(link(detailPath, namespace, { name }));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <form className="form wide" onSubmit={submit}>
      <div className="title">
        <h1>{title}</h1>
        <Link to={link(back, namespace)}>{backLabel}</Link>
      </div>
      <ErrorNote error={error ?? loadError} />
      <p className="muted">{hint}</p>
      {children}
    </form>
  );
}
