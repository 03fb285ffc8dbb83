import { ApiError } from '@cgg/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface SentFormOptions<F extends string, A> {
  fields: readonly F[];
  empty: Record<F, string>;
  /** The form's own checks, before anything is sent; a message per failing field. */
  validate: (values: Record<F, string>) => FieldErrors<F>;
  /**
   * `key`: the attempt's idempotency key, the same while the values are (a press again after a
   * lost answer is the message already stored, not a second one), a new one once they change.
   */
  send: (values: Record<F, string>, key: string) => Promise<A>;
  /** What a 400's `data.params` says, as the form's messages. */
  serverErrors: (error: ApiError) => FieldErrors<F>;
  /** Shown when no answer came (a network failure or a 5xx); what was typed stays. */
  unreachable: string;
  /** Names the form in the console line logged for such a failure. */
  logName: string;
}

/**
 * A visitor's form that is sent once (contact, complaint): checked field by field, the first
 * failing field focused; the API's field refusals shown the same way, its other refusals as
 * the form's message; `sent` holds the answer once it went through.
 */
export function useSentForm<F extends string, A>(o: SentFormOptions<F, A>) {
  const [values, setValues] = useState<Record<F, string>>(o.empty);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<A | null>(null);
  const controls = useRef<Partial<Record<F, Control | null>>>({});
  const attempt = useRef<{ key: string; values: string } | null>(null);
  const sendingNow = useRef(false);

  const showErrors = (found: FieldErrors<F>) => {
    // The messages render before the focus moves: a screen reader reads a field as it takes the
    // focus, so it must already carry aria-invalid and aria-describedby naming its message.
    flushSync(() => setErrors(found));
    const first = o.fields.find((f) => found[f]);
    if (first) controls.current[first]?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The button stays focusable while sending (aria-disabled): a second press does nothing at all.
    if (sendingNow.current) return;
    setFormError(null);
    const found = o.validate(values);
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    sendingNow.current = true;
    setSending(true);
    // As sent: the forms trim, so a space added after a lost answer is the same message, the same key.
    const sentValues = JSON.stringify(o.fields.map((f) => values[f].trim()));
    if (attempt.current?.values !== sentValues) attempt.current = { key: crypto.randomUUID(), values: sentValues };
    try {
      setSent(await o.send(values, attempt.current.key));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        showErrors(o.serverErrors(error));
        setFormError('Please check the highlighted fields.');
      } else if (error instanceof ApiError && error.status < 500) {
        setFormError(error.message);
      } else {
        console.warn(`[shell] ${o.logName} failed`, error);
        setFormError(o.unreachable);
      }
    } finally {
      sendingNow.current = false;
      setSending(false);
    }
  };

  return {
    values,
    errors,
    formError,
    sending,
    sent,
    onSubmit,
    setValue: (name: F, value: string) => setValues((v) => ({ ...v, [name]: value })),
    /** The ref of a field's control, so a failing field can be focused. */
    controlRef: (name: F) => (el: Control | null) => void (controls.current[name] = el),
  };
}

/** The field messages of a 400's `data.params`, for the fields the form knows (`message` words each one). */
export function paramsErrors<F extends string>(error: ApiError, fields: readonly F[], message: (field: F, sent: unknown) => string): FieldErrors<F> {
  const params = (error.data as { params?: unknown } | undefined)?.params;
  const errors: FieldErrors<F> = {};
  if (params && typeof params === 'object' && !Array.isArray(params)) {
    for (const field of fields) {
      if (field in params) errors[field] = message(field, (params as Record<string, unknown>)[field]);
    }
  }
  return errors;
}
