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
